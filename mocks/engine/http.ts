import type { Binary, Resource } from '@medplum/fhirtypes';
import { HeldBody, heldBodyOf, holdBody, readsHeldBody } from './held-body';
import { parseJsonBody } from './limits';
import { errorOutcome, FhirError, notFound, successOutcome } from './outcome';
import type { FhirRequest, FhirResponse } from './request';
import { splitPath } from './request';

export const FHIR_JSON = 'application/fhir+json';

/** Reads an HTTP request below basePath into a FhirRequest; 404 outside the base, 400 for a bad body. */
export async function readRequest(request: Request, basePath: string): Promise<FhirRequest> {
  const url = new URL(request.url);
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  let below: string;
  if (url.pathname === base.slice(0, -1) || url.pathname === base) below = '';
  else if (url.pathname.startsWith(base)) below = url.pathname.slice(base.length);
  else throw notFound(`${url.pathname} is not under ${base}`);
  const { segments } = splitPath(below);
  // HEAD is answered as GET without a body (see toHttpResponse).
  const method = request.method.toUpperCase() === 'HEAD' ? 'GET' : request.method.toUpperCase();
  const fhirRequest: FhirRequest = {
    method,
    segments,
    query: url.searchParams,
    baseUrl: `${url.origin}${base}`,
    ifMatch: request.headers.get('if-match') ?? undefined,
    ifNoneExist: request.headers.get('if-none-exist') ?? undefined,
    ifNoneMatch: request.headers.get('if-none-match') ?? undefined,
  };
  // A request without a body reads as empty text (below), so only a raw Binary looks at the body itself.
  if (method === 'GET' || method === 'HEAD' || method === 'DELETE') return fhirRequest;
  const contentType = (request.headers.get('content-type') ?? '').toLowerCase();
  const isRawBinary =
    segments[0] === 'Binary' && segments.length <= 2 && contentType && !contentType.includes('json');
  if (isRawBinary && request.body !== null) {
    fhirRequest.body = await rawBinary(request, contentType, segments[1]);
    return fhirRequest;
  }
  const text = await request.text();
  if (text.trim() === '') return fhirRequest;
  if (contentType.includes('application/x-www-form-urlencoded')) {
    fhirRequest.form = new URLSearchParams(text);
    return fhirRequest;
  }
  fhirRequest.body = parseJsonBody(text);
  return fhirRequest;
}

/** POST/PUT Binary with a non-JSON body stores the bytes as a Binary resource. */
async function rawBinary(request: Request, contentType: string, id: string | undefined): Promise<Binary> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  const resource: Binary = {
    resourceType: 'Binary',
    contentType: contentType.split(';')[0]?.trim() ?? contentType,
    data: btoa(binary),
  };
  if (id) resource.id = id;
  return resource;
}

/** The HTTP response for an interaction's answer, honouring Prefer for writes and Accept for Binary reads. */
export function toHttpResponse(request: Request, method: string, answer: FhirResponse): Response {
  const headers = new Headers();
  const { version } = answer;
  if (version) {
    headers.set('ETag', `W/"${version.versionId}"`);
    if (version.lastUpdated) headers.set('Last-Modified', new Date(version.lastUpdated).toUTCString());
  }
  if (answer.location) headers.set('Location', answer.location);
  if (answer.status === 304 || answer.status === 204)
    return new Response(null, { status: answer.status, headers });
  if (request.method.toUpperCase() === 'HEAD') {
    headers.set('Content-Type', FHIR_JSON);
    return new Response(null, { status: answer.status, headers });
  }
  let body = answer.body;
  const isWrite = method === 'POST' || method === 'PUT' || method === 'PATCH';
  if (isWrite && version && body?.resourceType === version.resourceType) {
    const prefer = (request.headers.get('prefer') ?? '').toLowerCase();
    if (prefer.includes('return=minimal')) return new Response(null, { status: answer.status, headers });
    if (prefer.includes('return=operationoutcome')) body = successOutcome(answer.status);
  }
  if (method === 'GET' && body?.resourceType === 'Binary' && wantsRaw(request)) {
    const binary = body as Binary;
    headers.set('Content-Type', binary.contentType ?? 'application/octet-stream');
    return new Response(decode(binary.data ?? ''), { status: answer.status, headers });
  }
  headers.set('Content-Type', FHIR_JSON);
  if (!body) return new Response(null, { status: answer.status, headers });
  const written = body === version?.resource ? takeWrittenText(body) : undefined;
  return new TextResponse(written ?? JSON.stringify(body), { status: answer.status, headers });
}

/**
 * The JSON text of resources just written, kept when their journal record encodes them, so that the
 * write's answer sends that text instead of encoding the resource a second time. Stored resources are
 * deeply frozen, so a text kept for one stays true; only the latest few are kept, and an answer takes
 * its own.
 */
const writtenTexts = new Map<Resource, string>();
const WRITTEN_TEXTS_KEPT = 256;

/** A stored resource's JSON text, kept for its write's answer. */
export function writtenResourceText(resource: Resource): string {
  const known = writtenTexts.get(resource);
  if (known !== undefined) return known;
  const text = JSON.stringify(resource);
  if (!Object.isFrozen(resource)) return text;
  writtenTexts.set(resource, text);
  if (writtenTexts.size > WRITTEN_TEXTS_KEPT)
    writtenTexts.delete(writtenTexts.keys().next().value as Resource);
  return text;
}

function takeWrittenText(resource: Resource): string | undefined {
  const text = writtenTexts.get(resource);
  if (text !== undefined) writtenTexts.delete(resource);
  return text;
}

/**
 * A Response made from a text in memory, which it keeps: a host writing it to a socket takes the
 * text as it is, and every other reader (text, json, arrayBuffer, body) reads it as from any Response,
 * without a stream being built for a body nobody streams.
 */
export class TextResponse extends Response {
  constructor(
    readonly bodyText: string,
    init: ResponseInit
  ) {
    super(null, init);
    holdBody(this, new HeldBody(bodyText));
  }

  override clone(): TextResponse {
    const copy = new TextResponse(this.bodyText, this);
    holdBody(copy, heldBodyOf(this).copy());
    return copy;
  }
}
readsHeldBody(TextResponse.prototype);

export function errorResponse(error: unknown): Response {
  let fhirError: FhirError;
  if (error instanceof FhirError) {
    fhirError = error;
  } else {
    // The details stay in the server's log: a client learns nothing of the server's internals.
    console.error('FHIR engine: unexpected error', error);
    fhirError = new FhirError(400, 'The server could not process the request', 'processing');
  }
  return new Response(JSON.stringify(errorOutcome(fhirError)), {
    status: fhirError.status,
    headers: { 'Content-Type': FHIR_JSON },
  });
}

/** A Binary is answered as its bytes unless the client asks for the FHIR resource (JSON, not NDJSON). */
function wantsRaw(request: Request): boolean {
  const accept = (request.headers.get('accept') ?? '').toLowerCase().replace(/[a-z+]*ndjson/g, '');
  return !accept.includes('json');
}

function decode(data: string): Uint8Array<ArrayBuffer> {
  const text = atob(data);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
