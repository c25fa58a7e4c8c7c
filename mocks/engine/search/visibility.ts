import type { Resource } from '@medplum/fhirtypes';
import { resolveChain, parseSearchQuery } from '@/fhir/search';
import type {
  IndexHint,
  SearchParamDef,
  SearchParamRegistry,
  SearchSource,
  SearchValue,
} from '@/fhir/search';
import type { TypeVisibility, Visibility } from '../types';

function* only(resources: Iterable<Resource>, test: (resource: Resource) => boolean): Iterable<Resource> {
  for (const resource of resources) if (test(resource)) yield resource;
}

/**
 * The source as one caller sees it: every read a search makes (matches, chains, _include and
 * _revinclude) goes through the caller's visibility, so what the caller may not read is neither
 * returned, counted, nor used to decide a match.
 */
export function visibleSource(source: SearchSource, visibility: Visibility): SearchSource {
  const decided = new Map<string, TypeVisibility>();
  const of = (resourceType: string): TypeVisibility => {
    let found = decided.get(resourceType);
    if (found === undefined) decided.set(resourceType, (found = visibility(resourceType)));
    return found;
  };
  const filtered = (resourceType: string, resources: Iterable<Resource>): Iterable<Resource> => {
    const rule = of(resourceType);
    if (rule === 'all') return resources;
    if (rule === 'none') return [];
    return only(resources, rule);
  };
  return {
    resourcesOfType: (resourceType) => filtered(resourceType, source.resourcesOfType(resourceType)),
    get(resourceType, id) {
      const resource = source.get(resourceType, id);
      if (!resource) return undefined;
      const rule = of(resourceType);
      return rule === 'all' || (rule !== 'none' && rule(resource)) ? resource : undefined;
    },
    valuesOf: (resource, param) => source.valuesOf(resource, param),
    candidates(resourceType: string, hints: readonly IndexHint[]) {
      const found = source.candidates?.(resourceType, hints);
      return found && filtered(resourceType, found);
    },
  };
}

/**
 * Whether one resource meets a query's filters. Values of the stored version come from the source's
 * cache; any other object (a version about to be written, an old version) is read afresh, so a body
 * that claims a stored versionId cannot borrow that version's values.
 */
export function resourceMatcher(
  source: SearchSource,
  registry: SearchParamRegistry,
  resourceType: string,
  params: URLSearchParams
): (resource: Resource) => boolean {
  const filters = parseSearchQuery(registry, resourceType, params).filters.map((filter) =>
    filter.chain ? resolveChain(source, filter) : filter
  );
  return (resource) => {
    if (resource.resourceType !== resourceType) return false;
    const stored = source.get(resourceType, resource.id ?? '') === resource;
    const valuesOf = (param: SearchParamDef): readonly SearchValue[] =>
      stored ? source.valuesOf(resource, param) : param.extract(resource);
    return filters.every((filter) => filter.test(valuesOf(filter.param)));
  };
}
