/**
 * The two console parts the task page shows (its Timeline tab and the 'Fill questionnaire' button),
 * on an entry point of their own: opening a task loads these, not the console's list, resource,
 * edit and history pages.
 */
export { TimelineTab as ResourceTimeline } from './timeline/TimelineTab';
export { FillQuestionnaireAction } from './questionnaire';
