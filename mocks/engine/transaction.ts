import type { Binary, Bundle, BundleEntry, BundleEntryResponse, Resource } from '@medplum/fhirtypes';
import type { Scope } from './interactions';
import { conditionalMatches } from './interactions';
import { LIMITS, yieldToOthers } from './limits';
import { badRequest, errorOutcome, FhirError, successOutcome } from './outcome';
import { patchFromBinary } from './patch';
import type { FhirRequest, FhirResponse, Route } from './request';
import { splitPath } from './request';
import { isKnownResourceType } from './resource-types';
import { InvalidResource } from './validation';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** The order FHIR gives for processing a transaction's entries. */
const TRANSACTION_ORDER = ['DELETE', 'POST', 'PUT', 'PATCH', 'GET', 'HEAD'];
/**
 * A transaction with a conditional create, update or delete needs strict (serializable) isolation,
 * which a real Medplum server grants only to transactions of at most this many entries.
 */
export const MAX_STRICT_TRANSACTION_ENTRIES = 8;

/** POST [base] with a batch or transaction Bundle. */
export function processBundle(scope: Scope, request: FhirRequest, route: Route): Bundle {
  const bundle = request.body as Bundle | undefined;
  if (!bundle || typeof bundle !== 'object' || bundle.resourceType !== 'Bundle') {
    throw badRequest('POST to the base takes a Bundle of type batch or transaction');
  }
  if (bundle.type !== 'batch' && bundle.type !== 'transaction') {
    throw badRequest(`Bundle type must be batch or transaction, not '${String(bundle.type)}'`, 'Bundle.type');
  }
  const entries = bundleEntries(bundle);
  return bundle.type === 'transaction'
    ? transaction(scope, request, entries, route)
    : batch(request, entries, route);
}

/** True for a POST at the base whose body is a batch Bundle (answered by processBatch). */
export function isBatchRequest(request: FhirRequest): boolean {
  const body = request.body as Bundle | undefined;
  return (
    request.segments.length === 0 &&
    request.method === 'POST' &&
    typeof body === 'object' &&
    body !== null &&
    body.resourceType === 'Bundle' &&
    body.type === 'batch'
  );
}

/**
 * A batch Bundle, run entry by entry with a turn for other requests every few entries, so a long
 * batch never blocks the server. Its entries are independent, so interleaving is safe.
 */
export async function processBatch(request: FhirRequest, route: Route): Promise<Bundle> {
  const entries = bundleEntries(request.body as Bundle);
  const run = batchRunner(request, route);
  const responses: BundleEntry[] = [];
  for (let index = 0; index < entries.length; index++) {
    if (index > 0 && index % LIMITS.batchEntriesPerTurn === 0) await yieldToOthers();
    responses.push(run(entries[index] as BundleEntry, index));
  }
  return { resourceType: 'Bundle', type: 'batch-response', entry: responses };
}

/** The entries of a batch or transaction, within the entry limit. */
function bundleEntries(bundle: Bundle): BundleEntry[] {
  if (bundle.entry !== undefined && !Array.isArray(bundle.entry))
    throw badRequest('Bundle.entry must be an array');
  const entries = bundle.entry ?? [];
  if (entries.length > LIMITS.maxBundleEntries) {
    throw new FhirError(
      400,
      `A ${bundle.type} Bundle may hold at most ${LIMITS.maxBundleEntries} entries; this one has ${entries.length}`,
      'too-costly'
    );
  }
  return entries;
}

function batch(request: FhirRequest, entries: BundleEntry[], route: Route): Bundle {
  const run = batchRunner(request, route);
  return { resourceType: 'Bundle', type: 'batch-response', entry: entries.map(run) };
}

/**
 * Runs one batch entry after another, rewriting references to resources earlier entries created.
 * The resources all answers hold together are bounded, so a batch of large searches cannot build a
 * response too big to hold or send.
 */
function batchRunner(request: FhirRequest, route: Route): (entry: BundleEntry, index: number) => BundleEntry {
  const references = new Map<string, string>();
  let resourcesReturned = 0;
  return (entry, index) => {
    try {
      if (resourcesReturned >= MAX_BATCH_RESOURCES) {
        throw new FhirError(
          400,
          `A batch's answers may hold at most ${MAX_BATCH_RESOURCES} resources in all; send the rest in another batch`,
          'too-costly'
        );
      }
      const entryRequest = toRequest(request, rewriteEntry(entry, references), index);
      const response = route(entryRequest);
      rememberCreated(entry, response, references);
      resourcesReturned += resourcesIn(response);
      return responseEntry(request, response);
    } catch (error) {
      return { response: failure(error) };
    }
  };
}

/** Resources held by all the answers of one batch (search results count one each). */
const MAX_BATCH_RESOURCES = 20_000;

function resourcesIn(response: FhirResponse): number {
  const body = response.body;
  if (body?.resourceType === 'Bundle') return 1 + ((body as Bundle).entry?.length ?? 0);
  return body ? 1 : 0;
}

function transaction(scope: Scope, request: FhirRequest, entries: BundleEntry[], route: Route): Bundle {
  if (entries.length > MAX_STRICT_TRANSACTION_ENTRIES && entries.some(isConditional)) {
    throw badRequest('Transaction requires strict isolation but has too many entries');
  }
  const references = assignIds(scope, entries);
  const requests = entries.map((entry, index) => {
    try {
      const entryRequest = toRequest(request, rewriteEntry(entry, references), index);
      const target = entry?.fullUrl ? references.get(entry.fullUrl) : undefined;
      if (entryRequest.method === 'POST' && target) entryRequest.assignedId = target.split('/')[1];
      return entryRequest;
    } catch (error) {
      throw entryError(error, entry, index);
    }
  });
  const order = requests
    .map((entryRequest, index) => ({ entryRequest, index }))
    .sort((a, b) => rank(a.entryRequest.method) - rank(b.entryRequest.method) || a.index - b.index);
  const responses: BundleEntry[] = new Array<BundleEntry>(entries.length);
  scope.store.beginTransaction();
  try {
    for (const { entryRequest, index } of order) {
      try {
        responses[index] = responseEntry(request, route(entryRequest));
      } catch (error) {
        throw entryError(error, entries[index] as BundleEntry, index);
      }
    }
  } catch (error) {
    scope.store.rollback();
    throw error;
  }
  scope.store.commit();
  return { resourceType: 'Bundle', type: 'transaction-response', entry: responses };
}

/** An entry's request as a REST request below the base. */
function toRequest(parent: FhirRequest, entry: BundleEntry, index: number): FhirRequest {
  if (typeof entry !== 'object' || entry === null) throw badRequest(`Entry ${index} is not an object`);
  const method = text(entry.request?.method)?.toUpperCase();
  const url = text(entry.request?.url);
  if (!method || !METHODS.includes(method)) throw badRequest(`Entry ${index} has no valid request.method`);
  if (url === undefined || url.trim() === '') throw badRequest(`Entry ${index} has no request.url`);
  const { segments, query } = splitPath(relativeUrl(parent.baseUrl, url));
  if (segments.length === 0) throw badRequest(`Entry ${index}: bundles cannot be nested`);
  let body: unknown = entry.resource;
  if (method === 'PATCH') body = patchBody(entry.resource);
  return {
    method: method === 'HEAD' ? 'GET' : method,
    segments,
    query,
    body,
    ifMatch: text(entry.request?.ifMatch),
    ifNoneExist: text(entry.request?.ifNoneExist),
    ifNoneMatch: text(entry.request?.ifNoneMatch),
    baseUrl: parent.baseUrl,
  };
}

function relativeUrl(baseUrl: string, url: string): string {
  const trimmed = url.trim();
  if (!/^[a-z]+:/i.test(trimmed)) return trimmed.replace(/^\/+/, '');
  if (!trimmed.startsWith(baseUrl)) throw badRequest(`Entry URL '${url}' is not on this server`);
  return trimmed.slice(baseUrl.length);
}

/** A batch PATCH carries its JSON Patch as a Binary (base64 data), or as the operations array itself. */
function patchBody(resource: unknown): unknown {
  if (Array.isArray(resource)) return resource;
  const binary = resource as Binary | undefined;
  if (binary?.resourceType === 'Binary') return patchFromBinary(binary);
  if ((resource as Resource | undefined)?.resourceType === 'Parameters') {
    throw new FhirError(
      400,
      'FHIRPath Patch (Parameters) is not supported; send a JSON Patch Binary',
      'not-supported'
    );
  }
  throw badRequest('A PATCH entry needs a Binary resource holding a JSON Patch');
}

/**
 * Gives every created entry its id before anything is written, so references between entries
 * (fullUrl urn:uuid:...) can be rewritten. A create with ifNoneExist that matches one resource maps
 * to that resource; several matches fail the transaction.
 */
function assignIds(scope: Scope, entries: BundleEntry[]): Map<string, string> {
  const references = new Map<string, string>();
  entries.forEach((entry, index) => {
    const method = text(entry?.request?.method)?.toUpperCase();
    const fullUrl = text(entry?.fullUrl);
    const resourceType = text(entry?.resource?.resourceType);
    if (!fullUrl || !resourceType || !isKnownResourceType(resourceType)) return;
    if (method === 'POST') {
      let id = scope.newId();
      const ifNoneExist = text(entry.request?.ifNoneExist);
      if (ifNoneExist) {
        try {
          const [existing] = conditionalMatches(scope, resourceType, ifNoneExist);
          if (existing?.id) id = existing.id;
        } catch (error) {
          throw entryError(error, entry, index);
        }
      }
      references.set(fullUrl, `${resourceType}/${id}`);
    } else if (method === 'PUT') {
      const { segments } = splitPath(text(entry.request?.url) ?? '');
      if (segments.length === 2) references.set(fullUrl, `${segments[0]}/${segments[1]}`);
    }
  });
  return references;
}

function rememberCreated(entry: BundleEntry, response: FhirResponse, references: Map<string, string>): void {
  const version = response.version;
  if (entry?.fullUrl && version) references.set(entry.fullUrl, `${version.resourceType}/${version.id}`);
}

/** A copy of the entry whose references, URL and conditions point at assigned ids instead of fullUrls. */
function rewriteEntry(entry: BundleEntry, references: Map<string, string>): BundleEntry {
  if (references.size === 0 || typeof entry !== 'object' || entry === null) return entry;
  // Longest first, so that urn:uuid:12 is not rewritten as urn:uuid:1 followed by '2'.
  const pairs = [...references].sort(([a], [b]) => b.length - a.length);
  const replaceIn = (value: string | undefined): string | undefined => {
    if (value === undefined) return undefined;
    let out = value;
    for (const [from, to] of pairs) {
      if (out.includes(from)) out = out.split(from).join(to);
      const encoded = encodeURIComponent(from);
      if (out.includes(encoded)) out = out.split(encoded).join(encodeURIComponent(to));
    }
    return out;
  };
  const request = entry.request && {
    ...entry.request,
    url: replaceIn(text(entry.request.url)) ?? entry.request.url,
    ifNoneExist: replaceIn(text(entry.request.ifNoneExist)),
  };
  const resource = entry.resource && (rewriteReferences(entry.resource, references) as Resource);
  return { ...entry, request, resource };
}

function rewriteReferences(value: unknown, references: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteReferences(item, references));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      key === 'reference' && typeof item === 'string'
        ? (references.get(item) ?? item)
        : rewriteReferences(item, references);
  }
  return out;
}

function responseEntry(parent: FhirRequest, response: FhirResponse): BundleEntry {
  const { status, version, body } = response;
  const entryResponse: BundleEntryResponse = { status: String(status) };
  if (response.location) entryResponse.location = response.location.slice(parent.baseUrl.length);
  if (version) {
    entryResponse.etag = `W/"${version.versionId}"`;
    if (version.lastUpdated) entryResponse.lastModified = version.lastUpdated;
  }
  if (body?.resourceType === 'OperationOutcome') {
    return { response: { ...entryResponse, outcome: body } };
  }
  entryResponse.outcome = successOutcome(status);
  const entry: BundleEntry = { response: entryResponse };
  if (body) {
    entry.resource = body;
    if (version) entry.fullUrl = `${parent.baseUrl}${version.resourceType}/${version.id}`;
  }
  return entry;
}

function failure(error: unknown): BundleEntryResponse {
  const fhirError = asFhirError(error);
  return { status: String(fhirError.status), outcome: errorOutcome(fhirError) };
}

function entryError(error: unknown, entry: BundleEntry, index: number): FhirError {
  const fhirError = asFhirError(error);
  const what = `${entry?.request?.method ?? '?'} ${entry?.request?.url ?? '?'}`;
  const message = `Transaction failed at entry ${index} (${what}): ${fhirError.message}`;
  // An invalid resource keeps one issue per problem, each at its element's path.
  if (fhirError instanceof InvalidResource) return new InvalidResource(fhirError.issues, message);
  return new FhirError(fhirError.status, message, fhirError.code, `Bundle.entry[${index}]`);
}

function asFhirError(error: unknown): FhirError {
  if (error instanceof FhirError) return error;
  // The details stay in the server's log: a client learns nothing of the server's internals.
  console.error('Unexpected error in a bundle entry', error);
  return new FhirError(400, 'Could not process the entry', 'processing');
}

/** A conditional create (ifNoneExist), or an update or delete addressed by a search. */
function isConditional(entry: BundleEntry): boolean {
  const method = text(entry?.request?.method)?.toUpperCase();
  const url = text(entry?.request?.url) ?? '';
  if (method === 'POST') return Boolean(text(entry.request?.ifNoneExist));
  return (method === 'PUT' || method === 'DELETE') && url.includes('?');
}

function rank(method: string): number {
  const position = TRANSACTION_ORDER.indexOf(method);
  return position < 0 ? TRANSACTION_ORDER.length : position;
}

/** A bundle field that should be a string; anything else counts as absent. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
