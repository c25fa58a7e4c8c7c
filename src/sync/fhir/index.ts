export { RequestCache, DEFAULT_CACHE_SIZE } from './cache';
export {
  FhirClient,
  DEFAULT_MAX_POLLS,
  DEFAULT_POLL_INTERVAL_MS,
  batchEntryError,
  batchGet,
  bundleResources,
  toSearchParams,
  withQuery,
  type BulkExportManifest,
  type CreateResult,
  type FhirClientOptions,
  type ReadOptions,
  type SearchParams,
} from './fhir-client';
