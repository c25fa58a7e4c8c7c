import type { Resource } from '@medplum/fhirtypes';
import type { VersionRecord } from './store';

/** A FHIR REST request below the base, from HTTP or from a batch entry. */
export interface FhirRequest {
  /** Upper case: GET, POST, PUT, PATCH, DELETE, ... */
  method: string;
  /** The path below the base, split on '/' and decoded, e.g. ['Patient', '123', '_history']. */
  segments: string[];
  query: URLSearchParams;
  /** The parsed JSON body, if any. */
  body?: unknown;
  /** A form-encoded body (POST Type/_search), if any. */
  form?: URLSearchParams;
  ifMatch?: string;
  ifNoneExist?: string;
  ifNoneMatch?: string;
  /** Absolute base URL ending in '/', for fullUrl, Location and links. */
  baseUrl: string;
  /** The id a transaction assigned in advance to this create (so other entries can reference it). */
  assignedId?: string;
}

/** What an interaction answers, before it becomes an HTTP response or a bundle entry's response. */
export interface FhirResponse {
  status: number;
  body?: Resource;
  /** The version the answer is about: gives ETag and Last-Modified. */
  version?: VersionRecord;
  /** Sent as Location (created resources). */
  location?: string;
}

export type Route = (request: FhirRequest) => FhirResponse;

/** The versioned URL of a version, relative or absolute depending on the base given. */
export function versionUrl(baseUrl: string, version: VersionRecord): string {
  return `${baseUrl}${version.resourceType}/${version.id}/_history/${version.versionId}`;
}

/** Splits 'Patient/1/_history?x=1' (relative to the base) into decoded segments and query. */
export function splitPath(pathAndQuery: string): { segments: string[]; query: URLSearchParams } {
  const queryStart = pathAndQuery.indexOf('?');
  const path = queryStart >= 0 ? pathAndQuery.slice(0, queryStart) : pathAndQuery;
  const query = new URLSearchParams(queryStart >= 0 ? pathAndQuery.slice(queryStart + 1) : '');
  const segments = path
    .split('/')
    .filter((segment) => segment !== '')
    .map(decodePathSegment);
  return { segments, query };
}

/**
 * Decodes one path segment, except that an operation is routed only by its literal '$name', as a real
 * Medplum server routes it: '%24deploy' stays as sent, so it names no operation (and no resource).
 */
export function decodePathSegment(segment: string): string {
  if (/^%24/i.test(segment)) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
