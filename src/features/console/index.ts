export { ResourceListPage } from './list/ResourceListPage';
export { ResourcePage } from './resource/ResourcePage';
export { ResourceVersionPage } from './resource/ResourceVersionPage';
