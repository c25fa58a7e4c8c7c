import type { Resource } from '@medplum/fhirtypes';
import type { AccessControl, Interaction } from './access';
import type { GlobalDefinitions } from './definitions';
import { isDefinitionType } from './definitions';
import { badRequest, FhirError, gone, notFound, preconditionFailed } from './outcome';
import {
  asResourceOfType,
  assertKnownType,
  assertValidId,
  assertWritable,
  sameContent,
  stamp,
  writerContent,
} from './resources';
import type { ProjectStore, VersionRecord, WriteMethod } from './store';
import type { GlobalTerminology } from './terminology';
import type { Clock, RequestContext, SearchResult } from './types';
import type { ResourceValidation } from './validation';
import { PAGE_AND_PRESENTATION_PARAMS } from './bundles';

/** Everything one interaction needs: the caller's project store, the shared definitions, time and caller. */
export interface Scope {
  store: ProjectStore;
  definitions: GlobalDefinitions;
  /** Published value sets and code systems, for $expand of what the project lacks. */
  terminology: GlobalTerminology;
  clock: Clock;
  context: RequestContext;
  /** Makes ids for created resources; crypto.randomUUID by default. */
  newId: () => string;
  /** What the caller may read and write in the project. */
  access: AccessControl;
  /**
   * Checks every resource a request writes against the FHIR definitions; absent for the server's
   * own writes (seed data, sign-up), whose resources a test validates instead.
   */
  validation?: ResourceValidation;
}

export interface WriteResult {
  /** 201 when a resource was created, 200 otherwise (including an update that changed nothing). */
  status: 200 | 201;
  version: VersionRecord;
}

/** The current version of a resource: 404 when it never existed, 410 when deleted. */
export function readCurrent(scope: Scope, resourceType: string, id: string): VersionRecord {
  assertKnownType(resourceType);
  if (isDefinitionType(resourceType)) {
    const resource = scope.definitions.get(resourceType, id);
    if (!resource) throw notFound(`${resourceType}/${id} not found`);
    return definitionVersion(resource);
  }
  scope.access.requireType(resourceType, 'read');
  const latest = scope.store.latest(resourceType, id);
  if (!latest || !seesResource(scope, resourceType, id, 'read'))
    throw notFound(`${resourceType}/${id} not found`);
  if (!latest.resource) throw gone(`${resourceType}/${id} was deleted`);
  return latest;
}

/**
 * Whether the caller may see a resource at all: its newest content (the version before a delete,
 * for a deleted one) is within their access. What they may not see reads as absent.
 */
export function seesResource(
  scope: Scope,
  resourceType: string,
  id: string,
  interaction: Interaction
): boolean {
  const versions = scope.store.versions(resourceType, id) ?? [];
  for (let i = versions.length - 1; i >= 0; i--) {
    const content = versions[i]?.resource;
    if (content) return scope.access.allows(content, interaction);
  }
  return false;
}

/** One version: 404 when unknown, 410 when that version is a delete. */
export function readVersion(
  scope: Scope,
  resourceType: string,
  id: string,
  versionId: string
): VersionRecord {
  assertKnownType(resourceType);
  if (isDefinitionType(resourceType)) {
    const current = readCurrent(scope, resourceType, id);
    if (current.versionId !== versionId)
      throw notFound(`${resourceType}/${id}/_history/${versionId} not found`);
    return current;
  }
  scope.access.requireType(resourceType, 'vread');
  const version = scope.store.versions(resourceType, id)?.find((v) => v.versionId === versionId);
  const visible = version?.resource
    ? scope.access.allows(version.resource, 'vread')
    : seesResource(scope, resourceType, id, 'vread');
  if (!version || !visible) throw notFound(`${resourceType}/${id}/_history/${versionId} not found`);
  if (!version.resource) throw gone(`${resourceType}/${id} was deleted in version ${versionId}`);
  return version;
}

/** Runs a search on the project, or on the shared definitions for their types. */
export function searchType(scope: Scope, resourceType: string, params: URLSearchParams): SearchResult {
  assertKnownType(resourceType);
  if (isDefinitionType(resourceType)) return scope.definitions.search(resourceType, params);
  scope.access.requireType(resourceType, 'search');
  return scope.store.search.search(resourceType, params, scope.access.visibility());
}

/** Search parameters that shape a result but select nothing: alone, they would match every resource. */
const RESULT_PARAMETERS = new Set([
  ...PAGE_AND_PRESENTATION_PARAMS,
  '_include',
  '_revinclude',
  '_contained',
  '_containedType',
  '_cursor',
]);

/**
 * A conditional interaction must name at least one search criterion; result parameters alone
 * (`Task?_count=1`) would select every resource of the type, so the request is refused with 412.
 */
export function assertSearchCriteria(resourceType: string, params: URLSearchParams, what: string): void {
  const criteria = [...params.keys()].filter((name) => !RESULT_PARAMETERS.has(name.split(':')[0] ?? name));
  if (criteria.length === 0) {
    throw preconditionFailed(
      `${what} on ${resourceType} needs search criteria; result parameters such as _count or _sort select nothing`
    );
  }
}

/** The matches of a conditional interaction's query (at most two are needed to decide). */
export function conditionalMatches(
  scope: Scope,
  resourceType: string,
  query: string | URLSearchParams
): Resource[] {
  const params = new URLSearchParams(query);
  assertSearchCriteria(resourceType, params, 'A conditional request');
  params.set('_count', '2');
  params.delete('_offset');
  const result = searchType(scope, resourceType, params);
  if (result.total > 1 || result.resources.length > 1) {
    throw preconditionFailed(`Multiple ${resourceType} resources match '${params.toString()}'`);
  }
  return result.resources;
}

export interface CreateOptions {
  /** The If-None-Exist query: when exactly one resource matches, it is returned instead of creating. */
  ifNoneExist?: string;
  /** The id to give the new resource (transactions pre-assign ids); new otherwise. */
  id?: string;
}

export function createResource(
  scope: Scope,
  resourceType: string,
  body: unknown,
  options: CreateOptions = {}
): WriteResult {
  assertWritable(resourceType);
  const resource = scope.access.keepProtectedFields(asResourceOfType(body, resourceType), undefined);
  if (options.ifNoneExist) {
    const [existing] = conditionalMatches(scope, resourceType, options.ifNoneExist);
    if (existing?.id) return { status: 200, version: readCurrent(scope, resourceType, existing.id) };
  }
  const id = options.id ?? scope.newId();
  return { status: 201, version: write(scope, resourceType, id, resource, 'POST') };
}

/** PUT Type/id: update, or create with that id when absent or deleted. */
export function updateResource(
  scope: Scope,
  resourceType: string,
  id: string,
  body: unknown,
  ifMatch?: string,
  method: WriteMethod = 'PUT'
): WriteResult {
  assertWritable(resourceType);
  assertValidId(id);
  const sent = asResourceOfType(body, resourceType);
  if (sent.id !== undefined && sent.id !== id) {
    throw badRequest(`Resource id '${sent.id}' does not match the URL's '${id}'`, 'id');
  }
  const latest = scope.store.latest(resourceType, id);
  checkIfMatch(resourceType, id, latest, ifMatch);
  const resource = scope.access.keepProtectedFields(sent, latest?.resource);
  if (latest?.resource && sameContent(latest.resource, resource)) return { status: 200, version: latest };
  const status = latest?.resource ? 200 : 201;
  return { status, version: write(scope, resourceType, id, resource, method) };
}

/** PUT Type?query: update the one match, create when none, 412 when several. */
export function conditionalUpdate(
  scope: Scope,
  resourceType: string,
  query: URLSearchParams,
  body: unknown,
  ifMatch?: string
): WriteResult {
  assertWritable(resourceType);
  const resource = asResourceOfType(body, resourceType);
  const [match] = conditionalMatches(scope, resourceType, query);
  if (match?.id) {
    if (resource.id !== undefined && resource.id !== match.id) {
      throw badRequest(`Resource id '${resource.id}' does not match the resource found, '${match.id}'`, 'id');
    }
    return updateResource(scope, resourceType, match.id, resource, ifMatch);
  }
  const id = resource.id ?? scope.newId();
  return updateResource(scope, resourceType, id, resource, ifMatch);
}

export interface DeleteResult {
  status: 200;
  /** The delete's version; absent when the resource was already deleted (nothing changed). */
  version?: VersionRecord;
}

/** DELETE Type/id: a history entry without a resource; deleting a deleted resource changes nothing. */
export function deleteResource(
  scope: Scope,
  resourceType: string,
  id: string,
  ifMatch?: string
): DeleteResult {
  assertWritable(resourceType);
  scope.access.requireType(resourceType, 'delete');
  const latest = scope.store.latest(resourceType, id);
  if (!latest || !seesResource(scope, resourceType, id, 'read'))
    throw notFound(`${resourceType}/${id} not found`);
  if (!latest.resource) return { status: 200 };
  scope.access.requireWrite(resourceType, id, latest.resource, undefined);
  checkIfMatch(resourceType, id, latest, ifMatch);
  const version: VersionRecord = {
    resourceType,
    id,
    versionId: scope.store.nextVersionId(resourceType, id),
    lastUpdated: new Date(scope.clock.now()).toISOString(),
    method: 'DELETE',
  };
  scope.store.append(version);
  return { status: 200, version };
}

/** DELETE Type?query: deletes every match (none is fine). */
export function conditionalDelete(
  scope: Scope,
  resourceType: string,
  query: URLSearchParams
): DeleteResult[] {
  assertWritable(resourceType);
  assertSearchCriteria(resourceType, query, 'A conditional delete');
  const params = new URLSearchParams(query);
  params.set('_count', '1000');
  params.delete('_offset');
  const matches = searchType(scope, resourceType, params).resources;
  // Every match must be the caller's to delete before any is deleted: none or all.
  for (const match of matches) scope.access.requireWrite(resourceType, match.id as string, match, undefined);
  const ids = matches.map((resource) => resource.id as string);
  return ids.map((id) => deleteResource(scope, resourceType, id));
}

/**
 * Appends a new version of a resource, stamped with id, version, time, project and author; an
 * invalid resource is refused with a 400 and nothing is stored.
 */
export function write(
  scope: Scope,
  resourceType: string,
  id: string,
  body: Resource,
  method: WriteMethod
): VersionRecord {
  assertValidId(id);
  const versionId = scope.store.nextVersionId(resourceType, id);
  const lastUpdated = new Date(scope.clock.now()).toISOString();
  const resource = stamp(body, id, versionId, lastUpdated, scope.context);
  scope.access.requireWrite(resourceType, id, scope.store.latest(resourceType, id)?.resource, resource);
  scope.validation?.assertValid(writerContent(resource, scope.context));
  const version: VersionRecord = { resourceType, id, versionId, lastUpdated, method, resource };
  scope.store.append(version);
  return version;
}

/** Compares an If-Match header (W/"3", "3" or 3) with the current version; 412 when they differ. */
export function checkIfMatch(
  resourceType: string,
  id: string,
  latest: VersionRecord | undefined,
  ifMatch: string | undefined
): void {
  if (ifMatch === undefined || ifMatch.trim() === '' || ifMatch.trim() === '*') return;
  const expected = parseETag(ifMatch);
  if (!latest?.resource) {
    throw preconditionFailed(`If-Match ${ifMatch}: ${resourceType}/${id} does not exist`);
  }
  if (expected !== latest.versionId) {
    throw preconditionFailed(
      `Version conflict: ${resourceType}/${id} is at version ${latest.versionId}, not ${expected}`
    );
  }
}

export function parseETag(value: string): string {
  return value
    .trim()
    .replace(/^W\//i, '')
    .replace(/^"(.*)"$/, '$1');
}

function definitionVersion(resource: Resource): VersionRecord {
  return {
    resourceType: resource.resourceType,
    id: resource.id as string,
    versionId: resource.meta?.versionId ?? '1',
    lastUpdated: resource.meta?.lastUpdated ?? '',
    method: 'POST',
    resource,
  };
}

export function isFhirError(error: unknown): error is FhirError {
  return error instanceof FhirError;
}
