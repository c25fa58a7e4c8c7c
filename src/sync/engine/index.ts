export { SyncEngine, SYNC_LOCK_NAME, DEFAULT_ALL_TASKS_CAP, DEFAULT_INTERVAL_MS } from './engine';
export {
  CLIENT_ID_SYSTEM,
  META_CAPABILITIES,
  META_SCOPE,
  type AppliedChange,
  type LocalChange,
  type LockFn,
  type Scheduler,
  type SyncEngineOptions,
  type SyncStatus,
} from './types';
export { ChangeRejectedError } from './view';
export { isVersionConflict, isTransient } from './conflict-rules';
export { APPEND_ONLY_LISTS, rebaseOperations } from './rebase';
