import type { ApiClient } from '@/sync/client';
import { FhirClient } from '@/sync/fhir/fhir-client';

/** Browser cache time of GET answers. */
const CACHE_TIME_MS = 60_000;

const cachedClients = new WeakMap<ApiClient, FhirClient>();
const uncachedClients = new WeakMap<ApiClient, FhirClient>();

/**
 * The FHIR client of the page, one per ApiClient so its cache is shared. `cached: false` for work
 * that must read what the server holds now (uploads, a sign-in's first pages).
 */
export function pageFhirClient(client: ApiClient, cached = true): FhirClient {
  const clients = cached ? cachedClients : uncachedClients;
  let fhir = clients.get(client);
  if (!fhir) {
    fhir = new FhirClient({ client, ...(cached ? { cacheTimeMs: CACHE_TIME_MS } : {}) });
    clients.set(client, fhir);
  }
  return fhir;
}
