export { startServiceWorker, watchOutboxForBackgroundSync, appUpdates } from './register';
export { UpdateNotice } from './UpdateNotice';
export { APP_VERSION } from './version';
export {
  readStorageInfo,
  describeUsage,
  describePersistence,
  formatBytes,
  type StorageInfo,
} from './storage';
