export { getSearchRegistry, listSearchParameters } from './definitions';
export { createProjectSearchEngine } from './engine';
export { HOT_PARAMETERS } from './hot-index';
