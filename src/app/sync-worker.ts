import * as Comlink from 'comlink';
import type { SyncServiceApi } from '@/sync/service';
import { scopedName, SYNC_WORKER_NAME } from '@/sync/service/types';

/**
 * Starts the sync worker (bundled by Vite as its own module) and returns its service. Status
 * listeners cross to the worker as comlink proxies. Its name tells it the account's database.
 */
export function connectSyncWorker(database: string): SyncServiceApi {
  const worker = new Worker(new URL('../workers/sync.worker.ts', import.meta.url), {
    type: 'module',
    name: scopedName(SYNC_WORKER_NAME, database),
  });
  const remote = Comlink.wrap<SyncServiceApi>(worker);
  // The worker does not hear the page's network events; the engine must not wait for its timer.
  const passOn = () => void remote.networkChanged(navigator.onLine).catch(() => undefined);
  globalThis.addEventListener('online', passOn);
  globalThis.addEventListener('offline', passOn);
  return {
    start: (config) => remote.start(config),
    applyChange: (change) => remote.applyChange(change),
    syncNow: () => remote.syncNow(),
    networkChanged: (online) => remote.networkChanged(online),
    keepResources: (resources) => remote.keepResources(resources),
    keepDefinitions: (rows) => remote.keepDefinitions(rows),
    keepServerVersions: (resources) => remote.keepServerVersions(resources),
    resolveConflict: (seq, choice) => remote.resolveConflict(seq, choice),
    previewConflictChoice: (seq, choice) => remote.previewConflictChoice(seq, choice),
    previewDismiss: (seq) => remote.previewDismiss(seq),
    dismissFailure: (seq) => remote.dismissFailure(seq),
    retryFailure: (seq) => remote.retryFailure(seq),
    status: () => remote.status(),
    subscribe: (listener) => remote.subscribe(Comlink.proxy(listener)),
    unsubscribe: (id) => remote.unsubscribe(id),
    signOut: () => remote.signOut(),
  };
}
