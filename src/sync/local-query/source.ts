import type { Resource } from '@medplum/fhirtypes';
import type { SearchParamDef, SearchSource, SearchValue } from '@/fhir/search';

/**
 * Extracted search values per resource object and parameter. Keyed by object identity, not by
 * meta.versionId: a resource with unconfirmed local changes keeps the server's versionId, so only the
 * object itself says which values are current. Entries go when the objects do.
 */
export class ValueCache {
  private readonly byResource = new WeakMap<Resource, Map<string, readonly SearchValue[]>>();

  valuesOf(resource: Resource, param: SearchParamDef): readonly SearchValue[] {
    let values = this.byResource.get(resource);
    if (!values) this.byResource.set(resource, (values = new Map()));
    let found = values.get(param.key);
    if (!found) values.set(param.key, (found = param.extract(resource)));
    return found;
  }
}

/**
 * Resources held in memory, searchable by src/fhir/search. The order they are given in is the
 * insertion order the search keeps among ties; a later resource with the same type and id replaces an
 * earlier one in its place.
 */
export class MemorySource implements SearchSource {
  private readonly byType = new Map<string, Map<string, Resource>>();

  constructor(
    resources: Iterable<Resource>,
    private readonly cache: ValueCache = new ValueCache()
  ) {
    for (const resource of resources) this.add(resource);
  }

  /** Adds a resource after the others (or in place of one with the same type and id). */
  add(resource: Resource): void {
    let ids = this.byType.get(resource.resourceType);
    if (!ids) this.byType.set(resource.resourceType, (ids = new Map()));
    ids.set(resource.id ?? '', resource);
  }

  has(resourceType: string, id: string): boolean {
    return this.byType.get(resourceType)?.has(id) ?? false;
  }

  /** How many resources of a type the source holds. */
  size(resourceType: string): number {
    return this.byType.get(resourceType)?.size ?? 0;
  }

  resourcesOfType(resourceType: string): Iterable<Resource> {
    return this.byType.get(resourceType)?.values() ?? [];
  }

  get(resourceType: string, id: string): Resource | undefined {
    return this.byType.get(resourceType)?.get(id);
  }

  valuesOf(resource: Resource, param: SearchParamDef): readonly SearchValue[] {
    return this.cache.valuesOf(resource, param);
  }
}
