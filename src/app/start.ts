import { DexieReplicaStore, metaTableStorage, REPLICA_DATABASE_NAME, replicaChanges } from '@/db';
import { ApiClient, MemoryStorage, webStorage, type FetchLike } from '@/sync';
import type { SyncServiceApi, SyncServiceConfig } from '@/sync/service';
import { REFRESH_LOCK_NAME, scopedName } from '@/sync/service/types';
import type { DeviceAccounts } from './accounts';
import { dexieReader } from '@/ui';
import { loadRuntimeConfig } from './config';
import type { AppServices, ReplicaServices } from './app-services';
import { connectSyncWorker } from './sync-worker';

export interface StartOptions {
  origin: string;
  fetch?: FetchLike;
  /** Web Storage for the session where IndexedDB is missing (tests); IndexedDB otherwise. */
  storage?: Storage;
  /** Run the sync service in the page even where workers exist. */
  inPage?: boolean;
  /** The accounts of this device; the active one's replica is opened. One account when unset. */
  accounts?: DeviceAccounts;
  /** The page's path at start-up (an unfinished sign-in gives way to a signed-in account elsewhere). */
  pathname?: string;
}

/**
 * Reads the runtime config, builds the page's client and the sync service, and restores a saved
 * session. In a browser the replica and the session tokens live in IndexedDB, where the sync worker
 * (and the service worker) read them; where IndexedDB is missing (jsdom) everything stays in memory
 * and the service runs in the page.
 */
export async function startServices(options: StartOptions): Promise<AppServices> {
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const config = await loadRuntimeConfig(fetchImpl, options.origin);
  const syncConfig: SyncServiceConfig = {
    baseUrl: config.baseUrl,
    fhirUrlPath: config.fhirUrlPath,
    clientId: config.clientId,
  };
  const database = options.accounts?.settle(options.pathname ?? '/') ?? REPLICA_DATABASE_NAME;
  const replica = await buildReplica(options, fetchImpl, database);
  const client = new ApiClient({
    baseUrl: config.baseUrl,
    fhirUrlPath: config.fhirUrlPath,
    clientId: config.clientId,
    fetch: fetchImpl,
    storage: replica.storage,
    refreshLock: webLock(scopedName(REFRESH_LOCK_NAME, database)),
  });
  await client.initialize();
  return { config, client, replica: { ...replica, syncConfig, database }, accounts: options.accounts };
}

/**
 * The sync service runs in the worker; the code to run it in the page (jsdom tests, browsers
 * without module workers) is loaded only when needed, so the task routes do not carry the engine twice.
 */
async function buildReplica(
  options: StartOptions,
  fetchImpl: FetchLike,
  database: string
): Promise<Omit<ReplicaServices, 'syncConfig' | 'database'>> {
  if (typeof indexedDB === 'undefined') {
    const storage = options.storage ? webStorage(options.storage) : new MemoryStorage();
    const { inMemoryReplica } = await import('./in-memory-replica');
    return inMemoryReplica(storage, fetchImpl);
  }
  const store = new DexieReplicaStore({ name: database });
  const storage = metaTableStorage(store.db);
  let service: SyncServiceApi;
  if (typeof Worker === 'function' && !options.inPage) {
    service = connectSyncWorker(database);
  } else {
    const { browserPlatform, SyncService } = await import('@/sync/service');
    service = new SyncService({ ...browserPlatform(store), fetch: fetchImpl });
  }
  // Screens read again on every committed change of the replica (see replicaChanges).
  const changes = replicaChanges(store.db);
  return { reader: dexieReader(store.db), service, storage, lifecycle: store.lifecycle, changes };
}

/** A Web Lock around `work` where the browser has them. */
function webLock(name: string): (<T>(work: () => Promise<T>) => Promise<T>) | undefined {
  const locks = globalThis.navigator?.locks;
  if (!locks) return undefined;
  return <T>(work: () => Promise<T>) => locks.request(name, work) as unknown as Promise<T>;
}
