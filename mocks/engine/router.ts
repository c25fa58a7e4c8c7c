import type { Binary, Bundle, Resource } from '@medplum/fhirtypes';
import type { PageRequest } from './bundles';
import { PRESENTATION_PARAMS, presenter, readPaging, searchsetBundle } from './bundles';
import { capabilityStatement } from './capability';
import { instanceHistory, typeHistory } from './history';
import type { Scope } from './interactions';
import {
  conditionalDelete,
  conditionalUpdate,
  createResource,
  deleteResource,
  parseETag,
  readCurrent,
  readVersion,
  searchType,
  updateResource,
} from './interactions';
import { badRequest, methodNotAllowed, notFound, successOutcome } from './outcome';
import {
  allow,
  notSupported,
  runEngineOperation,
  type OperationRegistry,
  type OperationTarget,
} from './operation-registry';
import { conditionalPatch, patchResource } from './patch';
import type { FhirRequest, FhirResponse } from './request';
import { versionUrl } from './request';
import { assertKnownType } from './resources';
import { processBundle } from './transaction';

/**
 * Answers one FHIR REST request synchronously, with the operations of the registry given; throws
 * FhirError for anything a client got wrong.
 */
export function route(scope: Scope, request: FhirRequest, operations: OperationRegistry): FhirResponse {
  const { segments, method } = request;
  const [first, second, third, fourth] = segments;
  if (first === undefined) {
    if (method !== 'POST') throw methodNotAllowed('Use POST with a batch or transaction Bundle at the base');
    return { status: 200, body: processBundle(scope, request, (entry) => route(scope, entry, operations)) };
  }
  if (segments.length === 1 && first === 'metadata') {
    allow(request, 'GET');
    return { status: 200, body: capabilityStatement(scope.definitions, request.baseUrl) };
  }
  if (first.startsWith('$')) {
    const target: OperationTarget = { level: 'system', name: first };
    if (segments.length > 1) throw notSupported(target);
    return operation(scope, request, target, operations);
  }
  assertKnownType(first);
  if (segments.length === 1) return typeLevel(scope, request, first);
  if (second === '_search') {
    allow(request, 'GET', 'POST');
    if (segments.length > 2) throw notFound();
    return search(scope, request, first);
  }
  if (second === '_history') {
    allow(request, 'GET');
    if (segments.length > 2) throw notFound();
    return { status: 200, body: typeHistory(scope, pageRequest(request, `${first}/_history`), first) };
  }
  if (second?.startsWith('$')) {
    return operation(scope, request, { level: 'type', resourceType: first, name: second }, operations);
  }
  const id = second as string;
  if (segments.length === 2) return instanceLevel(scope, request, first, id);
  if (third?.startsWith('$') && segments.length === 3) {
    const target: OperationTarget = { level: 'instance', resourceType: first, id, name: third };
    return operation(scope, request, target, operations);
  }
  if (third === '_history') {
    allow(request, 'GET');
    if (segments.length === 3) {
      const page = pageRequest(request, `${first}/${id}/_history`);
      return { status: 200, body: instanceHistory(scope, page, first, id) };
    }
    if (segments.length === 4 && fourth) return read(request, readVersion(scope, first, id, fourth));
  }
  throw notFound(`No route for ${segments.join('/')}`);
}

/** An operation from the registry; the requests it makes of its own go through this router. */
function operation(
  scope: Scope,
  request: FhirRequest,
  target: OperationTarget,
  operations: OperationRegistry
): FhirResponse {
  return runEngineOperation(operations, scope, request, target, (inner) => route(scope, inner, operations));
}

function typeLevel(scope: Scope, request: FhirRequest, resourceType: string): FhirResponse {
  const { query } = request;
  switch (request.method) {
    case 'GET':
      return search(scope, request, resourceType);
    case 'POST': {
      let { body, assignedId: id } = request;
      if (resourceType === 'Binary' && isUrlLessBinary(body)) {
        // An uploaded file gets a URL to fetch it by, as attachments made from it point there.
        id ??= scope.newId();
        body = { ...body, url: `${request.baseUrl}Binary/${id}` };
      }
      return written(
        request,
        createResource(scope, resourceType, body, { ifNoneExist: request.ifNoneExist, id })
      );
    }
    case 'PUT':
      return written(request, conditionalUpdate(scope, resourceType, query, request.body, request.ifMatch));
    case 'PATCH':
      return written(request, conditionalPatch(scope, resourceType, query, request.body, request.ifMatch));
    case 'DELETE': {
      const deleted = conditionalDelete(scope, resourceType, query).length;
      return { status: 200, body: successOutcome(200, `Deleted ${deleted} ${resourceType} resource(s)`) };
    }
    default:
      throw methodNotAllowed(`${request.method} is not allowed on ${resourceType}`);
  }
}

function instanceLevel(scope: Scope, request: FhirRequest, resourceType: string, id: string): FhirResponse {
  switch (request.method) {
    case 'GET':
      return read(request, readCurrent(scope, resourceType, id));
    case 'PUT':
      assertBodyIdMatches(request.body, id);
      return written(request, updateResource(scope, resourceType, id, request.body, request.ifMatch));
    case 'PATCH':
      return written(request, patchResource(scope, resourceType, id, request.body, request.ifMatch));
    case 'DELETE': {
      const { version } = deleteResource(scope, resourceType, id, request.ifMatch);
      return { status: 200, body: successOutcome(200, `Deleted ${resourceType}/${id}`), version };
    }
    default:
      throw methodNotAllowed(`${request.method} is not allowed on ${resourceType}/${id}`);
  }
}

/** An update's body names the resource it replaces: its id must be the URL's (FHIR's rule, as Medplum checks it). */
function assertBodyIdMatches(body: unknown, id: string): void {
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && (body as Resource).id !== id) {
    throw badRequest('Incorrect resource ID', 'id');
  }
}

function read(request: FhirRequest, version: NonNullable<FhirResponse['version']>): FhirResponse {
  if (request.ifNoneMatch && parseETag(request.ifNoneMatch) === version.versionId) {
    return { status: 304, version };
  }
  const shape = presenter(request.query);
  return { status: 200, body: shape(version.resource as Resource), version };
}

function written(
  request: FhirRequest,
  result: { status: number; version: FhirResponse['version'] }
): FhirResponse {
  const { version } = result;
  return {
    status: result.status,
    body: version?.resource,
    version,
    location: result.status === 201 && version ? versionUrl(request.baseUrl, version) : undefined,
  };
}

function search(scope: Scope, request: FhirRequest, resourceType: string): FhirResponse {
  const params = new URLSearchParams(request.query);
  if (request.method === 'POST') {
    if (request.body !== undefined && !request.form) {
      throw badRequest('POST _search takes a form-encoded body (application/x-www-form-urlencoded)');
    }
    for (const [key, value] of request.form ?? []) params.append(key, value);
  }
  const paging = readPaging(params);
  const engineParams = new URLSearchParams(params);
  for (const name of PRESENTATION_PARAMS) engineParams.delete(name);
  engineParams.set('_count', String(params.get('_summary') === 'count' ? 0 : paging.count));
  const result = searchType(scope, resourceType, engineParams);
  const page: PageRequest = { baseUrl: request.baseUrl, path: resourceType, params };
  const bundle: Bundle = searchsetBundle(page, result, paging);
  return { status: 200, body: bundle };
}

function pageRequest(request: FhirRequest, path: string): PageRequest {
  return { baseUrl: request.baseUrl, path, params: request.query };
}

function isUrlLessBinary(body: unknown): body is Binary {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as Binary).resourceType === 'Binary' &&
    !(body as Binary).url
  );
}
