export {
  compactSearchParameter,
  QUEUE_SEARCH_BASES,
  readSearchParameters,
  SEARCH_PARAMETERS_META_KEY,
  SEARCH_PARAMETERS_STAMP_META_KEY,
  searchParametersStamp,
  searchParameterQuery,
  writeSearchParameters,
  type CachedSearchParameters,
} from './definitions';
export {
  createLocalQueryEngine,
  type LocalQueryEngine,
  type LocalQueryEngineOptions,
  type LocalSearchResult,
} from './engine';
export { planTaskNarrowing, stateCondition, type StateMatch, type TaskNarrowing } from './narrowing';
export {
  createRecordReader,
  liveResources,
  meetsCondition,
  type FieldCondition,
  type QueueField,
  type ReplicaQueryReader,
} from './replica-reader';
export { MemorySource } from './source';
