export { ResourceListPage } from './list/ResourceListPage';
export { ResourcePage } from './resource/ResourcePage';
export { ResourceVersionPage } from './resource/ResourceVersionPage';
export { ResourceEditPage } from './resource/ResourceEditPage';
export { ResourceNewPage } from './resource/ResourceNewPage';
export { ResourceDeletePage } from './resource/ResourceDeletePage';
export { ResourceDiffPage } from './resource/ResourceDiffPage';
export { TimelineTab as ResourceTimeline } from './timeline/TimelineTab';
export { FillQuestionnaireAction } from './questionnaire';
