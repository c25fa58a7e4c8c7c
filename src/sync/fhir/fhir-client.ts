import type { Bundle, BundleEntry, CapabilityStatement, Resource } from '@medplum/fhirtypes';
import type { Operation } from 'fast-json-patch';
import type { ApiClient, RequestOptions } from '../client';
import { ApiError, toOperationOutcome } from '../http/errors';
import { parseResponse, readBody } from '../http/response';
import { systemClock, type Clock } from '../platform';
import { RequestCache, DEFAULT_CACHE_SIZE } from './cache';

/** Async poll period. */
export const DEFAULT_POLL_INTERVAL_MS = 1000;
/** Polls of a 202 answer before giving up (10 minutes at the default period). */
export const DEFAULT_MAX_POLLS = 600;

export type SearchParams = URLSearchParams | string | Record<string, string | number | (string | number)[]>;

export interface FhirClientOptions {
  client: ApiClient;
  clock?: Clock;
  /** How long GET answers are reused; 0 (the default outside the browser) keeps nothing. */
  cacheTimeMs?: number;
  cacheSize?: number;
  pollIntervalMs?: number;
  maxPolls?: number;
}

export interface ReadOptions {
  /** Skip the request cache and fetch afresh (the answer still refreshes the cache). */
  noCache?: boolean;
  signal?: AbortSignal;
}

export interface CreateResult<T extends Resource> {
  resource: T;
  /** False when If-None-Exist found the resource already there (200 instead of 201). */
  created: boolean;
}

const PATCH_CONTENT_TYPE = 'application/json-patch+json';
const FHIR_JSON = 'application/fhir+json';

/**
 * The FHIR REST calls of the app on top of ApiClient (which owns tokens, retries and error words):
 * read, search with paging, conditional create, JSON Patch, delete, history, the capability
 * statement, 202 polling and a small cache for GETs.
 */
export class FhirClient {
  readonly api: ApiClient;
  readonly cache: RequestCache;
  /** The CapabilityStatement request under way, if one is. */
  private capabilitiesRead: Promise<CapabilityStatement> | undefined;
  private readonly clock: Clock;
  private readonly pollIntervalMs: number;
  private readonly maxPolls: number;
  private readonly answerListeners = new Set<() => void>();

  constructor(options: FhirClientOptions) {
    this.api = options.client;
    this.clock = options.clock ?? systemClock;
    this.cache = new RequestCache(
      () => this.clock.now(),
      options.cacheTimeMs ?? 0,
      options.cacheSize ?? DEFAULT_CACHE_SIZE
    );
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.maxPolls = options.maxPolls ?? DEFAULT_MAX_POLLS;
  }

  /**
   * Calls `listener` each time the server answers a request of this client, whatever it answers (an
   * error status too): the server could be reached. Answers the function that stops it.
   */
  onAnswered(listener: () => void): () => void {
    this.answerListeners.add(listener);
    return () => this.answerListeners.delete(listener);
  }

  /** An absolute address under the FHIR base from a relative one ('Task/1', 'Task?status=ready'). */
  url(relative: string): string {
    return /^https?:/.test(relative) ? relative : this.api.fhirBaseUrl + relative.replace(/^\/+/, '');
  }

  read<T extends Resource = Resource>(resourceType: string, id: string, options?: ReadOptions): Promise<T> {
    return this.get<T>(this.api.fhirUrl(resourceType, id), options);
  }

  vread<T extends Resource = Resource>(
    resourceType: string,
    id: string,
    versionId: string,
    options?: ReadOptions
  ): Promise<T> {
    return this.get<T>(this.api.fhirUrl(resourceType, id, '_history', versionId), options);
  }

  /** One page of a search. */
  search(resourceType: string, params?: SearchParams, options?: ReadOptions): Promise<Bundle> {
    return this.get<Bundle>(withQuery(this.api.fhirUrl(resourceType), params), options);
  }

  /** Every page of a search, following the server's next links. */
  async *searchPages(
    resourceType: string,
    params?: SearchParams,
    options?: ReadOptions
  ): AsyncGenerator<Bundle> {
    yield* this.pages(withQuery(this.api.fhirUrl(resourceType), params), options);
  }

  /** Every resource of every page (matches and includes), at most `max` matches when given. */
  async searchAll(
    resourceType: string,
    params?: SearchParams,
    options: ReadOptions & { max?: number } = {}
  ): Promise<Resource[]> {
    const found: Resource[] = [];
    let matches = 0;
    for await (const bundle of this.searchPages(resourceType, params, options)) {
      for (const entry of bundle.entry ?? []) {
        if (!entry.resource) continue;
        const isMatch = entry.search?.mode !== 'include' && entry.resource.resourceType === resourceType;
        if (isMatch && options.max !== undefined && matches >= options.max) continue;
        if (isMatch) matches++;
        found.push(entry.resource);
      }
      if (options.max !== undefined && matches >= options.max) break;
    }
    return found;
  }

  /** POST Type; with `ifNoneExist` a resource already matching is returned instead of a new one. */
  async create<T extends Resource>(
    resource: T,
    options: { ifNoneExist?: string } = {}
  ): Promise<CreateResult<T>> {
    const headers: Record<string, string> = { 'Content-Type': FHIR_JSON };
    if (options.ifNoneExist) headers['If-None-Exist'] = options.ifNoneExist;
    const { status, body } = await this.write('POST', this.api.fhirUrl(resource.resourceType), {
      body: resource,
      headers,
    });
    this.cache.invalidate(`/${resource.resourceType}`);
    return { resource: body as T, created: status === 201 };
  }

  /** PUT Type/id, optionally only when the server is still at `ifMatch` (a versionId). */
  async update<T extends Resource>(resource: T, options: { ifMatch?: string } = {}): Promise<T> {
    if (!resource.id) throw new Error('Missing id');
    const headers: Record<string, string> = { 'Content-Type': FHIR_JSON };
    if (options.ifMatch) headers['If-Match'] = `W/"${options.ifMatch}"`;
    const url = this.api.fhirUrl(resource.resourceType, resource.id);
    const { body } = await this.write('PUT', url, { body: resource, headers });
    this.cache.invalidate(`/${resource.resourceType}`);
    return body as T;
  }

  /** PATCH Type/id with a JSON Patch. */
  async patch<T extends Resource = Resource>(
    resourceType: string,
    id: string,
    operations: Operation[]
  ): Promise<T> {
    const url = this.api.fhirUrl(resourceType, id);
    const { body } = await this.write('PATCH', url, {
      body: operations,
      headers: { 'Content-Type': PATCH_CONTENT_TYPE },
    });
    this.cache.invalidate(`/${resourceType}`);
    return body as T;
  }

  /** DELETE Type/id, optionally only when the server is still at `ifMatch` (a versionId). */
  async delete(resourceType: string, id: string, options: { ifMatch?: string } = {}): Promise<void> {
    const headers: Record<string, string> = {};
    if (options.ifMatch) headers['If-Match'] = `W/"${options.ifMatch}"`;
    await this.write('DELETE', this.api.fhirUrl(resourceType, id), { headers });
    this.cache.invalidate(`/${resourceType}`);
  }

  /** Every page of a type's history (newest first, deletes included) since an instant. */
  async *typeHistory(
    resourceType: string,
    options: { since?: string; count?: number } = {}
  ): AsyncGenerator<Bundle> {
    yield* this.pages(withQuery(this.api.fhirUrl(resourceType, '_history'), historyParams(options)), {
      noCache: true,
    });
  }

  /** A first page already in hand (a batch answer), then the pages its next links lead to. */
  async *pagesFrom(first: Bundle): AsyncGenerator<Bundle> {
    yield first;
    const next = first.link?.find((link) => link.relation === 'next')?.url;
    if (next) yield* this.pages(this.url(next), { noCache: true });
  }

  /** Every page of one resource's history, newest first. */
  async *instanceHistory(resourceType: string, id: string, count = 50): AsyncGenerator<Bundle> {
    const url = withQuery(this.api.fhirUrl(resourceType, id, '_history'), { _count: count });
    yield* this.pages(url, { noCache: true });
  }

  /**
   * A Bulk Data export ($export, of the given types, changed since an instant) as an async job: the
   * kickoff's 202 is polled until the server answers the manifest.
   */
  async bulkExport(options: { types?: string[]; since?: string } = {}): Promise<BulkExportManifest> {
    const params = new URLSearchParams();
    if (options.types?.length) params.set('_type', options.types.join(','));
    if (options.since) params.set('_since', options.since);
    const { body } = await this.send('POST', withQuery(this.url('$export'), params), {
      headers: { Prefer: 'respond-async' },
    });
    return body as BulkExportManifest;
  }

  /** The text of a file the server keeps behind the bearer token, such as an export's NDJSON. */
  async downloadText(url: string, accept = 'application/fhir+ndjson'): Promise<string> {
    const response = await this.api.requestResponse('GET', this.url(url), { headers: { Accept: accept } });
    this.answered();
    if (response.status >= 400) await parseResponse(response);
    return response.text();
  }

  /**
   * POST a batch Bundle of independent requests: one round trip for many. Answers the response
   * entries in the order of the requests; an entry's failure is in its own response, not thrown.
   */
  async batch(entries: BundleEntry[]): Promise<BundleEntry[]> {
    const bundle: Bundle = { resourceType: 'Bundle', type: 'batch', entry: entries };
    const { body } = await this.send('POST', this.api.fhirBaseUrl, {
      body: bundle,
      headers: { 'Content-Type': FHIR_JSON },
    });
    const answers = (body as Bundle | undefined)?.entry ?? [];
    for (const entry of entries) {
      const method = entry.request?.method;
      if (method && method !== 'GET')
        this.cache.invalidate(`/${(entry.request?.url ?? '').split(/[/?]/)[0]}`);
    }
    return answers;
  }

  /** GET metadata: what the server can do. Callers asking while it is on its way share the one request. */
  capabilities(options?: ReadOptions): Promise<CapabilityStatement> {
    if (options?.signal) return this.get<CapabilityStatement>(this.url('metadata'), options);
    this.capabilitiesRead ??= this.get<CapabilityStatement>(this.url('metadata'), options).finally(() => {
      this.capabilitiesRead = undefined;
    });
    return this.capabilitiesRead;
  }

  /** A GET through the cache; a 202 answer is polled until done. */
  async get<T>(url: string, options: ReadOptions = {}): Promise<T> {
    if (!options.noCache) {
      const cached = this.cache.get(url);
      if (cached !== undefined) return cached as T;
    }
    const { body } = await this.send('GET', url, { signal: options.signal });
    this.cache.set(url, body);
    return body as T;
  }

  private async *pages(firstUrl: string, options: ReadOptions = {}): AsyncGenerator<Bundle> {
    const seen = new Set<string>();
    let next: string | undefined = firstUrl;
    while (next && !seen.has(next)) {
      seen.add(next);
      const bundle: Bundle = await this.get<Bundle>(next, options);
      yield bundle;
      next = bundle.link?.find((link) => link.relation === 'next')?.url;
    }
  }

  private answered(): void {
    for (const listener of [...this.answerListeners]) listener();
  }

  /** A write; the answer's body is the resource (read afresh when the server returned none). */
  private async write(
    method: string,
    url: string,
    options: RequestOptions
  ): Promise<{ status: number; body: unknown }> {
    const answer = await this.send(method, url, options);
    if (method !== 'DELETE' && !isResource(answer.body) && answer.location) {
      return { status: answer.status, body: await this.get(this.url(answer.location), { noCache: true }) };
    }
    return answer;
  }

  /** Sends a request; a 202 with Content-Location is polled every pollIntervalMs until it completes. */
  private async send(
    method: string,
    url: string,
    options: RequestOptions
  ): Promise<{ status: number; body: unknown; location?: string }> {
    let response = await this.api.requestResponse(method, url, options);
    this.answered();
    // The kickoff names the status URL; the status answers that follow need not repeat it.
    let statusUrl: string | undefined;
    for (let polls = 0; response.status === 202; polls++) {
      statusUrl = response.headers.get('content-location') ?? statusUrl;
      if (!statusUrl) break;
      void response.body?.cancel().catch(() => undefined);
      if (polls >= this.maxPolls) {
        throw new ApiError(504, toOperationOutcome(504, `No answer from ${statusUrl} after ${polls} polls`));
      }
      await this.clock.sleep(this.pollIntervalMs);
      response = await this.api.requestResponse('GET', this.url(statusUrl), { signal: options.signal });
      this.answered();
    }
    const location = response.headers.get('location') ?? undefined;
    const status = response.status;
    const body = status >= 400 ? await parseResponse(response) : await readBody(response);
    return { status, body, location };
  }
}

/** What a finished Bulk Data export answers: one NDJSON file per resource type. */
export interface BulkExportManifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: { type: string; url: string; count?: number }[];
}

/** The query of a type history read since an instant. */
export function historyParams(options: { since?: string; count?: number }): URLSearchParams {
  const params = new URLSearchParams();
  if (options.since) params.set('_since', options.since);
  if (options.count) params.set('_count', String(options.count));
  return params;
}

/** Adds query parameters to an address. */
export function withQuery(url: string, params?: SearchParams): string {
  if (params === undefined) return url;
  const query = toSearchParams(params).toString();
  if (!query) return url;
  return url + (url.includes('?') ? '&' : '?') + query;
}

export function toSearchParams(params: SearchParams): URLSearchParams {
  if (params instanceof URLSearchParams) return new URLSearchParams(params);
  if (typeof params === 'string') return new URLSearchParams(params.replace(/^\?/, ''));
  const result = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) result.append(key, String(item));
  }
  return result;
}

function isResource(body: unknown): body is Resource {
  return typeof body === 'object' && body !== null && typeof (body as Resource).resourceType === 'string';
}

/** A batch GET entry for an address relative to the FHIR base ('Task?status=ready'). */
export function batchGet(relative: string, params?: SearchParams): BundleEntry {
  return { request: { method: 'GET', url: withQuery(relative, params) } };
}

/** The failure in a batch response entry, as the error a direct request would have raised; undefined on success. */
export function batchEntryError(entry: BundleEntry | undefined): ApiError | undefined {
  const status = Number.parseInt(entry?.response?.status ?? '', 10);
  if (!entry || Number.isNaN(status)) {
    return new ApiError(502, toOperationOutcome(502, 'The batch answer has no response for this entry'));
  }
  if (status < 400) return undefined;
  return new ApiError(status, toOperationOutcome(status, entry.response?.outcome));
}

/** The resources of a Bundle's entries. */
export function bundleResources(bundle: Bundle): Resource[] {
  return (bundle.entry ?? []).flatMap((entry: BundleEntry) => (entry.resource ? [entry.resource] : []));
}
