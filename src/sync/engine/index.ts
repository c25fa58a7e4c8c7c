export { SyncEngine, DEFAULT_ALL_TASKS_CAP } from './engine';
export { DEFAULT_INTERVAL_MS } from './run-loop';
export { SYNC_LOCK_NAME } from './sync-run';
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
