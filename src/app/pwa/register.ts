import { Workbox } from 'workbox-window';
import type { SyncServiceApi } from '@/sync/service';
import { requestReplayWhenOffline } from './background-sync';
import { AppUpdates } from './updates';

let updates: AppUpdates | undefined;
let registration: Promise<ServiceWorkerRegistration | undefined> = Promise.resolve(undefined);

/**
 * Registers the PWA service worker in a production build (`npm start`, a deployment). Not in
 * `npm run dev`: there msw's worker holds the scope and vite-plugin-pwa builds no worker.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const base = import.meta.env.BASE_URL;
  updates = new AppUpdates(new Workbox(`${base}sw.js`, { scope: base }), window);
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
