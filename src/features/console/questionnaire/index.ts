export { QuestionnaireForm } from './QuestionnaireForm';
export { QuestionnaireFill } from './QuestionnaireFill';
export { QuestionnaireTab } from './QuestionnaireTab';
export { FillQuestionnaireAction } from './FillQuestionnaireAction';
export type { QuestionnaireSources } from './QuestionnaireItemInput';
export { buildResponse, type Answers } from './questionnaire-rules';
