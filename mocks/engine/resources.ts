import type { Meta, Resource } from '@medplum/fhirtypes';
import { isDefinitionType } from './definitions';
import { badRequest, FhirError, methodNotAllowed } from './outcome';
import { isKnownResourceType } from './resource-types';
import type { RequestContext } from './types';

const ID_PATTERN = /^[A-Za-z0-9\-.]{1,64}$/;

/** 404 for a type the server does not know. */
export function assertKnownType(resourceType: string): void {
  if (!isKnownResourceType(resourceType)) {
    throw new FhirError(404, `Unknown resource type '${resourceType}'`, 'not-found');
  }
}

/** 405 for the global, read-only definition types. */
export function assertWritable(resourceType: string): void {
  assertKnownType(resourceType);
  if (isDefinitionType(resourceType)) {
    throw methodNotAllowed(`${resourceType} resources are read-only on this server`);
  }
}

export function assertValidId(id: string): void {
  if (!ID_PATTERN.test(id)) throw badRequest(`Invalid resource id '${id}'`);
}

/** Checks a request body is a resource of the URL's type: an object whose resourceType matches. */
export function asResourceOfType(body: unknown, resourceType: string): Resource {
  if (body === undefined || body === null || body === '') throw badRequest('Missing request body');
  if (typeof body !== 'object' || Array.isArray(body))
    throw badRequest('The request body must be a JSON object');
  const declared = (body as { resourceType?: unknown }).resourceType;
  if (typeof declared !== 'string' || declared === '') {
    throw badRequest('Missing resourceType', 'resourceType');
  }
  if (declared !== resourceType) {
    throw badRequest(
      `Resource type '${declared}' does not match the URL's '${resourceType}'`,
      'resourceType'
    );
  }
  assertKnownType(declared);
  const id = (body as { id?: unknown }).id;
  if (id !== undefined && typeof id !== 'string') throw badRequest('id must be a string', 'id');
  const meta = (body as { meta?: unknown }).meta;
  if (meta !== undefined && (typeof meta !== 'object' || meta === null || Array.isArray(meta))) {
    throw badRequest('meta must be an object', 'meta');
  }
  return body as Resource;
}

/**
 * A copy of `body` as the server stores it: the given id, and meta with versionId, lastUpdated,
 * project, compartment and author set by the server (other meta elements such as tags are kept).
 */
export function stamp(
  body: Resource,
  id: string,
  versionId: string,
  lastUpdated: string,
  context: { projectId: string; profile?: RequestContext['profile'] }
): Resource {
  const copy = copyJson(body) as Resource & Record<string, unknown>;
  const { resourceType, meta, ...rest } = copy;
  delete rest.id;
  const stampedMeta: Meta = {
    ...(meta ?? {}),
    versionId,
    lastUpdated,
    project: context.projectId,
    compartment: [{ reference: `Project/${context.projectId}` }],
  };
  // A system write (seed, sign-up) keeps the author the resource already names.
  if (context.profile?.reference) stampedMeta.author = context.profile;
  return { resourceType, id, meta: stampedMeta, ...rest } as Resource;
}

/**
 * A deep copy of a JSON value (what a request body parses to), several times cheaper than
 * structuredClone for a small resource. A `__proto__` key stays an own property, as JSON.parse made it.
 */
function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copyJson((value as Record<string, unknown>)[key]);
    if (key === '__proto__') {
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    } else copy[key] = item;
  }
  return copy as T;
}

/** The meta elements `stamp` sets; the author only for a caller with a profile. */
const STAMPED_META = ['versionId', 'lastUpdated', 'project', 'compartment'] as const;
const STAMPED_META_WITH_AUTHOR = [...STAMPED_META, 'author'] as const;

/**
 * A stamped resource without the meta elements the server set: what a write has to validate. The
 * server's own values (an id-shaped version, an instant, the project's uri and references) are valid
 * by construction, and they are most of the walk through a small resource; every element the writer
 * sent is kept. A primitive extension the writer put on a stamped element (`_versionId`) keeps the
 * whole resource, so it is checked together with its value.
 */
export function writerContent(
  resource: Resource,
  context: { profile?: RequestContext['profile'] }
): Resource {
  const meta = resource.meta as Record<string, unknown> | undefined;
  if (!meta) return resource;
  const stamped = context.profile?.reference ? STAMPED_META_WITH_AUTHOR : STAMPED_META;
  if (stamped.some((name) => `_${name}` in meta)) return resource;
  const sentMeta: Record<string, unknown> = {};
  let kept = 0;
  for (const [name, value] of Object.entries(meta)) {
    if ((stamped as readonly string[]).includes(name)) continue;
    sentMeta[name] = value;
    kept++;
  }
  // Keys keep their order, so issues come in the order a full check gives them.
  const content: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(resource)) {
    if (name !== 'meta') content[name] = value;
    else if (kept > 0) content.meta = sentMeta;
  }
  return content as unknown as Resource;
}

/** True when two versions differ only in what the server stamps (so an update would change nothing). */
export function sameContent(a: Resource, b: Resource): boolean {
  return deepEqual(withoutStamp(a), withoutStamp(b));
}

function withoutStamp(resource: Resource): unknown {
  const { meta, ...rest } = resource as Resource & { meta?: Meta };
  if (!meta) return rest;
  const { versionId: _v, lastUpdated: _l, project: _p, author: _a, compartment: _c, ...otherMeta } = meta;
  return Object.keys(otherMeta).length > 0 ? { ...rest, meta: otherMeta } : rest;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false;
  return keys.every((key) => deepEqual(left[key], right[key]));
}
