import { ApiClient, webStorage, type FetchLike } from '../sync';
import { loadRuntimeConfig } from './config';
import type { AppServices } from './services';

export interface StartOptions {
  origin: string;
  fetch?: FetchLike;
  storage?: Storage;
}

/** Reads the runtime config, builds the client and restores a saved session. */
export async function startServices(options: StartOptions): Promise<AppServices> {
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const config = await loadRuntimeConfig(fetchImpl, options.origin);
  const client = new ApiClient({
    baseUrl: config.baseUrl,
    fhirUrlPath: config.fhirUrlPath,
    clientId: config.clientId,
    fetch: fetchImpl,
    storage: options.storage ? webStorage(options.storage) : undefined,
  });
  await client.initialize();
  return { config, client };
}
