import { parseRuntimeConfig, type FetchLike, type RuntimeConfig } from '@/sync';

/** Fetches /config.json from the page's own origin and checks it (a bad file stops the start-up). */
export async function loadRuntimeConfig(fetchImpl: FetchLike, origin: string): Promise<RuntimeConfig> {
  const response = await fetchImpl(new URL('/config.json', origin).href, { cache: 'no-store' });
  if (!response.ok) {
    throw new Error(`Could not load /config.json (HTTP ${response.status})`);
  }
  return parseRuntimeConfig(await response.json(), origin);
}
