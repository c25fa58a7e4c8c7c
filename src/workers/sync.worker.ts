/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { DexieReplicaStore } from '../db/dexie-replica';
import { SyncService, browserPlatform, type SyncServiceApi } from '../sync/service';
import { databaseOfScopedName, SYNC_WORKER_NAME } from '../sync/service/types';

declare const self: DedicatedWorkerGlobalScope;

/**
 * The sync worker: the replica in IndexedDB, the API client with the session tokens stored there,
 * and the SyncEngine, exposed to the page with comlink. The logic lives in src/sync/service. The
 * worker's name says which account's replica (database) it serves.
 */
const database = databaseOfScopedName(self.name, SYNC_WORKER_NAME);
const service: SyncServiceApi = new SyncService(
  browserPlatform(new DexieReplicaStore(database ? { name: database } : {}))
);
Comlink.expose(service);
