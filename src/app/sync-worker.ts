import * as Comlink from 'comlink';
import type { SyncServiceApi } from '@/sync/service';
import { scopedName, SYNC_WORKER_NAME } from '@/sync/service/types';

/** How long a new sync worker may take to answer the page before it is taken for one that never started. */
export const WORKER_ANSWER_MS = 10_000;
/** How many sync workers are started, one after another, before the page gives up on them. */
export const WORKER_TRIES = 3;
/** What a call to the sync service answers when no worker started: the save shows it where it was made. */
export const WORKER_NOT_STARTED = 'Changes cannot be saved: the sync engine did not start. Reload the app.';

/** A worker as the page talks to it. */
export type WorkerEndpoint = Comlink.Endpoint & { terminate(): void };

export interface SyncWorkerOptions {
  /** Starts a worker with the given name (the app's sync worker unless told). */
  spawn?: (name: string) => WorkerEndpoint;
  answerMs?: number;
  tries?: number;
}

const spawnSyncWorker = (name: string): WorkerEndpoint =>
  new Worker(new URL('../workers/sync.worker.ts', import.meta.url), { type: 'module', name });

/**
 * Starts the sync worker (bundled by Vite as its own module) and returns its service. Status
 * listeners cross to the worker as comlink proxies. Its name tells it the account's database.
 *
 * A worker that does not answer within WORKER_ANSWER_MS, or whose script fails, is stopped and
 * another started, up to WORKER_TRIES: a page must not wait for ever on a worker that never ran.
 * Calls wait for a worker that answered; when none did, they fail with WORKER_NOT_STARTED.
 */
export function connectSyncWorker(database: string, options: SyncWorkerOptions = {}): SyncServiceApi {
  const { spawn = spawnSyncWorker, answerMs = WORKER_ANSWER_MS, tries = WORKER_TRIES } = options;
  const name = scopedName(SYNC_WORKER_NAME, database);
  const ready = answeringWorker(() => spawn(name), answerMs, tries);
  // Its failure is each call's; it is not reported as unhandled meanwhile.
  ready.catch(() => undefined);
  const call = async <T>(work: (remote: Comlink.Remote<SyncServiceApi>) => Promise<T>): Promise<T> =>
    work(await ready);
  // The worker does not hear the page's network events; the engine must not wait for its timer.
  const passOn = () => void call((remote) => remote.networkChanged(navigator.onLine)).catch(() => undefined);
  globalThis.addEventListener?.('online', passOn);
  globalThis.addEventListener?.('offline', passOn);
  return {
    start: (config) => call((remote) => remote.start(config)),
    applyChange: (change) => call((remote) => remote.applyChange(change)),
    syncNow: () => call((remote) => remote.syncNow()),
    networkChanged: (online) => call((remote) => remote.networkChanged(online)),
    keepResources: (resources) => call((remote) => remote.keepResources(resources)),
    keepDefinitions: (rows) => call((remote) => remote.keepDefinitions(rows)),
    keepServerVersions: (resources) => call((remote) => remote.keepServerVersions(resources)),
    resolveConflict: (seq, choice) => call((remote) => remote.resolveConflict(seq, choice)),
    previewConflictChoice: (seq, choice) => call((remote) => remote.previewConflictChoice(seq, choice)),
    previewDismiss: (seq) => call((remote) => remote.previewDismiss(seq)),
    dismissFailure: (seq) => call((remote) => remote.dismissFailure(seq)),
    retryFailure: (seq) => call((remote) => remote.retryFailure(seq)),
    status: () => call((remote) => remote.status()),
    subscribe: (listener) => call((remote) => remote.subscribe(Comlink.proxy(listener))),
    unsubscribe: (id) => call((remote) => remote.unsubscribe(id)),
    signOut: () => call((remote) => remote.signOut()),
  };
}

/** The first of up to `tries` workers, started one after another, that answers within `answerMs`. */
async function answeringWorker(
  spawn: () => WorkerEndpoint,
  answerMs: number,
  tries: number
): Promise<Comlink.Remote<SyncServiceApi>> {
  for (let attempt = 0; attempt < tries; attempt++) {
    const worker = spawn();
    const remote = Comlink.wrap<SyncServiceApi>(worker);
    if (await answers(worker, remote, answerMs)) return remote;
    worker.terminate();
  }
  throw new Error(WORKER_NOT_STARTED);
}

/** Whether the worker answers a status read within `ms`; false at once when its script fails. */
function answers(
  worker: WorkerEndpoint,
  remote: Comlink.Remote<SyncServiceApi>,
  ms: number
): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (answered: boolean) => {
      clearTimeout(timer);
      worker.removeEventListener('error', failed);
      resolve(answered);
    };
    const failed = () => settle(false);
    const timer = setTimeout(failed, ms);
    worker.addEventListener('error', failed);
    remote.status().then(() => settle(true), failed);
  });
}
