import { Workbox } from 'workbox-window';
import type { SyncServiceApi } from '@/sync/service';
import { requestReplayWhenOffline } from './background-sync';
import { AppUpdates, UPDATE_CHECK_INTERVAL_MS } from './updates';

/** How long a worker may take to say which build it serves; one that does not answer is another build. */
const BUILD_QUESTION_TIMEOUT_MS = 3_000;

let updates: AppUpdates | undefined;
let registration: Promise<ServiceWorkerRegistration | undefined> = Promise.resolve(undefined);

/**
 * Registers the PWA service worker in a production build (`npm start`, a deployment). Not in
 * `npm run dev`: there msw's worker holds the scope and vite-plugin-pwa builds no worker.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const base = import.meta.env.BASE_URL;
  updates = new AppUpdates(
    new Workbox(`${base}sw.js`, { scope: base }),
    window,
    UPDATE_CHECK_INTERVAL_MS,
    servesThisBuild
  );
  registration = updates.start();
}

/** Once the sync service runs: ask for a Background Sync replay whenever changes wait offline. */
export function watchOutboxForBackgroundSync(service: SyncServiceApi, database: string): void {
  if (updates) requestReplayWhenOffline(service, registration, database);
}

/** The update watcher, when a service worker was registered. */
export function appUpdates(): AppUpdates | undefined {
  return updates;
}

/**
 * Asks a worker whether its precache holds this page's own script: the files of a build carry a
 * hash of their content in their names, so only a worker of the same build holds this one.
 */
function servesThisBuild(worker: ServiceWorker): Promise<boolean> {
  const script = new URL(import.meta.url);
  script.search = '';
  script.hash = '';
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(false);
    }, BUILD_QUESTION_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(event.data === true);
    };
    worker.postMessage({ type: 'HAS_FILE', url: script.href }, [channel.port2]);
  });
}
