export { QuestionnaireForm } from './QuestionnaireForm';
export type { QuestionnaireSources } from './QuestionnaireItemInput';
export { buildResponse, type Answers } from './questionnaire-rules';
