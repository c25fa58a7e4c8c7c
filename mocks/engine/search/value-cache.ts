import type { Resource } from '@medplum/fhirtypes';
import type { SearchParamDef, SearchValue } from '@/fhir/search';

interface Entry {
  /** meta.versionId, or the resource object itself when it has none. */
  version: string | Resource;
  values: Map<string, readonly SearchValue[]>;
}

/** Extracted search values per (resource, version, parameter), filled on first use. */
export class ValueCache {
  private readonly byType = new Map<string, Map<string, Entry>>();

  valuesOf(resource: Resource, param: SearchParamDef): readonly SearchValue[] {
    let ids = this.byType.get(resource.resourceType);
    if (!ids) this.byType.set(resource.resourceType, (ids = new Map()));
    const id = resource.id ?? '';
    const version = resource.meta?.versionId ?? resource;
    let entry = ids.get(id);
    if (!entry || entry.version !== version) ids.set(id, (entry = { version, values: new Map() }));
    let values = entry.values.get(param.key);
    if (!values) entry.values.set(param.key, (values = param.extract(resource)));
    return values;
  }

  forget(resourceType: string, id: string): void {
    this.byType.get(resourceType)?.delete(id);
  }
}
