import type { ApiClient, KeyValueStorage, RuntimeConfig } from '@/sync';
import type { SyncServiceApi, SyncServiceConfig } from '@/sync/service';
import type { DeviceAccounts } from './accounts';
import type { LifecycleSource, ReplicaChanges, ReplicaReader } from '@/ui';

/** What the app is built from: the runtime config, the client made from it, the replica and sync service. */
export interface AppServices {
  config: RuntimeConfig;
  client: ApiClient;
  replica: ReplicaServices;
  /** The accounts signed in on this device (browsers); unset where there is only one (tests). */
  accounts?: DeviceAccounts;
}

/** The replica the screens read and the sync service that changes it. */
export interface ReplicaServices {
  reader: ReplicaReader;
  service: SyncServiceApi;
  /** Where the page's session lives (shared with the service). */
  storage: KeyValueStorage;
  changes: ReplicaChanges;
  /** Schema changes made by other tabs (IndexedDB only). */
  lifecycle?: LifecycleSource;
  syncConfig: SyncServiceConfig;
  /** The replica's IndexedDB database: one per account on the device. */
  database: string;
}
