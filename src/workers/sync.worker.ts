/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { SyncService, browserPlatform, type SyncServiceApi } from '../sync/service';

/**
 * The sync worker: the replica in IndexedDB, the API client with the session tokens stored there,
 * and the SyncEngine, exposed to the page with comlink. The logic lives in src/sync/service.
 */
const service: SyncServiceApi = new SyncService(browserPlatform());
Comlink.expose(service);
