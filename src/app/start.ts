import { DexieReplicaStore, MemoryReplicaStore, metaTableStorage } from '../db';
import { ApiClient, MemoryStorage, webStorage, type FetchLike, type KeyValueStorage } from '../sync';
import { browserPlatform, SyncService, type SyncServiceApi, type SyncServiceConfig } from '../sync/service';
import { dexieReader, storeReader, type ReplicaChanges, type ReplicaReader } from '../ui';
import { loadRuntimeConfig } from './config';
import type { AppServices } from './services';
import { connectSyncWorker } from './syncWorker';

export interface StartOptions {
  origin: string;
  fetch?: FetchLike;
  /** Web Storage for the session where IndexedDB is missing (tests); IndexedDB otherwise. */
  storage?: Storage;
  /** Run the sync service in the page even where workers exist. */
  inPage?: boolean;
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
  const replica = buildReplica(options, fetchImpl);
  const client = new ApiClient({
    baseUrl: config.baseUrl,
    fhirUrlPath: config.fhirUrlPath,
    clientId: config.clientId,
    fetch: fetchImpl,
    storage: replica.storage,
    refreshLock: webLock('carequeue-token-refresh'),
  });
  await client.initialize();
  return { config, client, replica: { ...replica, syncConfig } };
}

export interface ReplicaServices {
  reader: ReplicaReader;
  service: SyncServiceApi;
  /** Where the page's session lives (shared with the service). */
  storage: KeyValueStorage;
  changes?: ReplicaChanges;
  syncConfig: SyncServiceConfig;
}

function buildReplica(options: StartOptions, fetchImpl: FetchLike): Omit<ReplicaServices, 'syncConfig'> {
  if (typeof indexedDB === 'undefined') {
    const storage = options.storage ? webStorage(options.storage) : new MemoryStorage();
    return inMemoryReplica(storage, fetchImpl);
  }
  const store = new DexieReplicaStore();
  const storage = metaTableStorage(store.db);
  const service =
    typeof Worker === 'function' && !options.inPage
      ? connectSyncWorker()
      : new SyncService({ ...browserPlatform(store), fetch: fetchImpl });
  return { reader: dexieReader(store.db), service, storage };
}

/** The replica in memory with the service in the page: jsdom tests. */
export function inMemoryReplica(
  storage: KeyValueStorage,
  fetchImpl?: FetchLike
): Omit<ReplicaServices, 'syncConfig'> & { service: SyncService } {
  const store = new MemoryReplicaStore();
  const service = new SyncService({ replica: store, storage, fetch: fetchImpl });
  const changes: ReplicaChanges = (listener) => {
    let id: number | undefined;
    let closed = false;
    void service
      .subscribe(() => listener())
      .then((subscription) => {
        id = subscription;
        if (closed) void service.unsubscribe(subscription);
      });
    return () => {
      closed = true;
      if (id !== undefined) void service.unsubscribe(id);
    };
  };
  return { reader: storeReader(store), service, storage, changes };
}

/** A Web Lock around `work` where the browser has them. */
function webLock(name: string): (<T>(work: () => Promise<T>) => Promise<T>) | undefined {
  const locks = globalThis.navigator?.locks;
  if (!locks) return undefined;
  return <T>(work: () => Promise<T>) => locks.request(name, work) as unknown as Promise<T>;
}
