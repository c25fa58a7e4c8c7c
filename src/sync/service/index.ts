export { SyncService } from './service';
export { browserPlatform } from './browser-platform';
export {
  CHANNEL_NAME,
  LEADER_LOCK_NAME,
  REFRESH_LOCK_NAME,
  type ChannelLike,
  type ChannelMessage,
  type ConflictChoice,
  type LockManagerLike,
  type ServiceStatus,
  type SyncServiceApi,
  type SyncServiceConfig,
  type SyncServicePlatform,
} from './types';
export { replayOutbox, OUTBOX_SYNC_TAG, type ReplayResult } from './replay';
export { buildEngine, buildServiceClient, platformLock, restoreProfile } from './construct';
