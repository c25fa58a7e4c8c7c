import type { Bundle, BundleEntry } from '@medplum/fhirtypes';
import type { PageRequest } from './bundles';
import { fullUrl, pageLinks, readPaging } from './bundles';
import { isDefinitionType } from './definitions';
import type { Scope } from './interactions';
import { readCurrent, seesResource } from './interactions';
import { badRequest, notFound } from './outcome';
import { assertKnownType } from './resources';
import type { VersionRecord } from './store';

const STATUS_OF_METHOD: Record<VersionRecord['method'], string> = {
  POST: '201',
  PUT: '200',
  PATCH: '200',
  DELETE: '204',
};

/** GET Type/id/_history: every version, newest first, deletes included. */
export function instanceHistory(
  scope: Scope,
  request: PageRequest,
  resourceType: string,
  id: string
): Bundle {
  assertKnownType(resourceType);
  if (isDefinitionType(resourceType)) return historyBundle(request, [readCurrent(scope, resourceType, id)]);
  scope.access.requireType(resourceType, 'history');
  const versions = scope.store.versions(resourceType, id);
  if (!versions || !seesResource(scope, resourceType, id, 'history')) {
    throw notFound(`${resourceType}/${id} not found`);
  }
  return historyBundle(request, visibleVersions(scope, versions));
}

/** GET Type/_history: every write to the type, newest first, deletes included; _since and _count. */
export function typeHistory(scope: Scope, request: PageRequest, resourceType: string): Bundle {
  assertKnownType(resourceType);
  if (isDefinitionType(resourceType))
    throw badRequest(`${resourceType} resources have no history on this server`);
  scope.access.requireType(resourceType, 'history');
  return historyBundle(request, visibleVersions(scope, scope.store.typeHistory(resourceType)));
}

/**
 * The versions the caller may see: those whose content is within their access, and the deletes of
 * resources whose last content was. A version outside it is left out, as if never written.
 */
function visibleVersions(scope: Scope, versions: readonly VersionRecord[]): readonly VersionRecord[] {
  if (!scope.context.accessPolicy) return versions;
  return versions.filter((version) => {
    if (version.resource) return scope.access.allows(version.resource, 'history');
    const all = scope.store.versions(version.resourceType, version.id) ?? [];
    const before = all
      .slice(0, all.indexOf(version))
      .reverse()
      .find((v) => v.resource)?.resource;
    return before !== undefined && scope.access.allows(before, 'history');
  });
}

/**
 * A history Bundle of versions given oldest first: newest first (or oldest first with
 * _sort=_lastUpdated), filtered by _since and _at, paged by _offset and _count.
 */
export function historyBundle(request: PageRequest, oldestFirst: readonly VersionRecord[]): Bundle {
  const since = parseInstant(request.params.get('_since'), '_since');
  const at = parseInstant(request.params.get('_at'), '_at');
  const paging = readPaging(request.params);
  const sort = request.params.get('_sort') ?? '-_lastUpdated';
  if (sort !== '_lastUpdated' && sort !== '-_lastUpdated') {
    throw badRequest(`History sorts only by _lastUpdated or -_lastUpdated, not '${sort}'`, '_sort');
  }
  const selected: VersionRecord[] = [];
  for (let i = oldestFirst.length - 1; i >= 0; i--) {
    const version = oldestFirst[i] as VersionRecord;
    const time = Date.parse(version.lastUpdated);
    if (since !== undefined && time < since) continue;
    if (at !== undefined && time > at) continue;
    selected.push(version);
  }
  if (sort === '_lastUpdated') selected.reverse();
  const page = selected.slice(paging.offset, paging.offset + paging.count);
  return {
    resourceType: 'Bundle',
    type: 'history',
    total: selected.length,
    link: pageLinks(request, paging, selected.length, page.length),
    entry: page.map((version) => historyEntry(request.baseUrl, version)),
  };
}

function historyEntry(baseUrl: string, version: VersionRecord): BundleEntry {
  const { resourceType, id, method } = version;
  const entry: BundleEntry = { fullUrl: fullUrl(baseUrl, { resourceType, id }) };
  if (version.resource) entry.resource = version.resource;
  entry.request = { method, url: method === 'POST' ? resourceType : `${resourceType}/${id}` };
  entry.response = {
    status: STATUS_OF_METHOD[method],
    etag: `W/"${version.versionId}"`,
    lastModified: version.lastUpdated || undefined,
  };
  return entry;
}

/** A FHIR date or instant as epoch milliseconds; 400 when it is not one. */
export function parseInstant(value: string | null, name: string): number | undefined {
  if (value === null || value === '') return undefined;
  // An unencoded '+' in a query string arrives as a space: read it back as the offset sign.
  const text = value.replace(/ (\d{2}:\d{2})$/, '+$1');
  const ms = /^\d{4}(-\d{2}(-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?)?)?$/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(ms)) throw badRequest(`Invalid ${name} '${value}'`, name);
  return ms;
}
