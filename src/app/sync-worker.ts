import * as Comlink from 'comlink';
import type { SyncServiceApi } from '../sync/service';

/**
 * Starts the sync worker (bundled by Vite as its own module) and returns its service. Status
 * listeners cross to the worker as comlink proxies.
 */
export function connectSyncWorker(): SyncServiceApi {
  const worker = new Worker(new URL('../workers/sync.worker.ts', import.meta.url), {
    type: 'module',
    name: 'carequeue-sync',
  });
  const remote = Comlink.wrap<SyncServiceApi>(worker);
  return {
    start: (config) => remote.start(config),
    applyChange: (change) => remote.applyChange(change),
    syncNow: () => remote.syncNow(),
    keepResources: (resources) => remote.keepResources(resources),
    keepDefinitions: (rows) => remote.keepDefinitions(rows),
    resolveConflict: (seq, choice) => remote.resolveConflict(seq, choice),
    dismissFailure: (seq) => remote.dismissFailure(seq),
    retryFailure: (seq) => remote.retryFailure(seq),
    status: () => remote.status(),
    subscribe: (listener) => remote.subscribe(Comlink.proxy(listener)),
    unsubscribe: (id) => remote.unsubscribe(id),
    signOut: () => remote.signOut(),
  };
}
