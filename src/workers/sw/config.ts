import { parseRuntimeConfig } from '@/sync/runtime-config';
import type { SyncServiceConfig } from '@/sync/service/types';
import { CONFIG_PATH } from './routes';

/** Where the last copy of /config.json fetched from the network is kept (not the precache). */
export const CONFIG_CACHE = 'carequeue-config';

/** How long the network may take before the cached config is used (a connection that hangs). */
const NETWORK_TIMEOUT_MS = 4_000;

/**
 * /config.json from the network, so an operator's edit is seen at once; when the network fails or
 * hangs, the last copy fetched, else the one of this build's precache (`fallback`).
 */
export async function configResponse(
  caches: CacheStorage,
  origin: string,
  fallback: () => Promise<Response | undefined>
): Promise<Response> {
  const url = new URL(CONFIG_PATH, origin).href;
  try {
    const response = await withTimeout(fetch(url, { cache: 'no-store' }), NETWORK_TIMEOUT_MS);
    if (response.ok) {
      const cache = await caches.open(CONFIG_CACHE);
      await cache.put(url, response.clone());
    }
    return response;
  } catch (error) {
    const cached = (await (await caches.open(CONFIG_CACHE)).match(url)) ?? (await fallback());
    if (cached) return cached;
    throw error;
  }
}

/** The sync settings of the runtime config, as the page's start-up reads them. */
export async function loadSyncConfig(response: Response, origin: string): Promise<SyncServiceConfig> {
  if (!response.ok) throw new Error(`Could not load ${CONFIG_PATH} (HTTP ${response.status})`);
  const config = parseRuntimeConfig(await response.json(), origin);
  return { baseUrl: config.baseUrl, fhirUrlPath: config.fhirUrlPath, clientId: config.clientId };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The network did not answer in time')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    );
  });
}
