/// <reference lib="webworker" />
import { DexieReplicaStore } from '../db/dexie-replica';
import { browserPlatform } from '../sync/service/browser-platform';
import { OUTBOX_SYNC_TAG, replayOutbox } from '../sync/service/replay';
import { databaseOfScopedName } from '../sync/service/types';
import { configResponse, CONFIG_CACHE, loadSyncConfig } from './sw/config';
import { ShellPrecache, SHELL_CACHE, type PrecacheEntry } from './sw/precache';
import { routeRequest } from './sw/routes';

/**
 * The service worker (built by vite-plugin-pwa, injectManifest): precaches this build's app shell,
 * answers the app's pages with the precached index.html (offline too), never answers FHIR, sign-in
 * or other API calls, waits to be told before replacing an older version ('Reload to update'), and
 * replays the outbox on a Background Sync event with the sync engine's own push. No React, no UI.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: PrecacheEntry[] };

/** Background Sync's event (not in TypeScript's worker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

const origin = self.location.origin;
const precache = new ShellPrecache(caches, self.__WB_MANIFEST, self.registration.scope);
const precachedUrls = precache.urls();
const shellUrl = new URL('index.html', self.registration.scope).href;

self.addEventListener('install', (event) => {
  // No skipWaiting here: an update waits until the user chooses 'Reload to update'.
  event.waitUntil(precache.install((request) => fetch(request)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await precache.activate();
      for (const name of await caches.keys()) {
        if (name !== SHELL_CACHE && name !== CONFIG_CACHE) await caches.delete(name);
      }
      // The first install takes the open pages at once, so they work offline without a reload.
      await self.clients.claim();
    })()
  );
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; url?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // A page asks whether this worker serves its build: is its own script one of this build's files?
  else if (data?.type === 'HAS_FILE' && typeof data.url === 'string') {
    event.ports[0]?.postMessage(precachedUrls.has(data.url));
  }
});

self.addEventListener('fetch', (event) => {
  const route = routeRequest(event.request, origin, precachedUrls);
  if (route.kind === 'network') return;
  if (route.kind === 'config') {
    event.respondWith(
      configResponse(caches, origin, () => precache.match(new URL('/config.json', origin).href))
    );
    return;
  }
  const url = route.kind === 'app-shell' ? shellUrl : route.url;
  event.respondWith(precache.match(url).then((cached) => cached ?? fetch(event.request)));
});

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  // Each account's replica asks under its own tag.
  const database = databaseOfScopedName(sync.tag, OUTBOX_SYNC_TAG);
  if (!database) return;
  sync.waitUntil(replayInBackground(database, sync.lastChance));
});

/**
 * Sends the waiting changes with no page open. Rejects while changes still wait (offline, or the
 * server answered with a temporary error) so the browser tries again later; the app also sends them
 * itself on its next start and whenever it comes back online.
 */
async function replayInBackground(database: string, lastChance: boolean): Promise<void> {
  const response = await configResponse(caches, origin, () =>
    precache.match(new URL('/config.json', origin).href)
  );
  const config = await loadSyncConfig(response, origin);
  const replica = new DexieReplicaStore({ name: database });
  try {
    const result = await replayOutbox(browserPlatform(replica), config);
    console.info('Background Sync replay:', JSON.stringify(result));
    if (result.outcome !== 'signed-out' && result.pending > 0 && !lastChance) {
      throw new Error(`${result.pending} changes still wait to sync`);
    }
  } finally {
    // Closed at once, so a newer version's schema upgrade is never kept waiting by this worker.
    replica.close();
  }
}
