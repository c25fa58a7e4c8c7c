import type { Resource } from '@medplum/fhirtypes';
import {
  isKeyed,
  valueKeys,
  type IndexHint,
  type SearchParamDef,
  type SearchParamRegistry,
  type SearchSource,
  type SearchValue,
} from '@/fhir/search';
import type { SavedIndexLookup, SavedTypeIndex, SearchableStore } from '../types';
import { ValueCache } from './value-cache';

/** Parameters whose values are extracted when a type is first searched, and indexed by key when keyed. */
export const HOT_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  Task: [
    'owner',
    'status',
    'performer',
    'patient',
    'subject',
    'priority-order',
    'due-date',
    '_lastUpdated',
    'code',
  ],
  Patient: ['address-state'],
  Communication: ['part-of', 'sent', 'subject'],
};

interface TypeIndex {
  /** Insertion order of each id, to return candidates in store order. */
  order: Map<string, number>;
  next: number;
  /** param key → value key → ids. */
  byValue: Map<string, Map<string, Set<string>>>;
  /** id → the [param key, value key] pairs it is indexed under. */
  postings: Map<string, [string, string][]>;
  /** Taken from a saved index: an id without postings has them found in byValue when first needed. */
  postingsUnknown?: boolean;
  hot: SearchParamDef[];
}

/**
 * A SearchSource over a store: cached values for every parameter, and per-type value indexes for the
 * hot parameters, built on the type's first search and kept current by noteWrite.
 */
export class IndexedSource implements SearchSource {
  private readonly cache = new ValueCache();
  private readonly types = new Map<string, TypeIndex>();
  private savedIndexes: SavedIndexLookup | undefined;
  /** Milliseconds spent building type indexes, for diagnostics. */
  buildMs = 0;

  constructor(
    private readonly store: SearchableStore,
    private readonly registry: SearchParamRegistry
  ) {}

  resourcesOfType(resourceType: string): Iterable<Resource> {
    this.ensure(resourceType);
    return this.store.resourcesOfType(resourceType);
  }

  get(resourceType: string, id: string): Resource | undefined {
    return this.store.get(resourceType, id);
  }

  valuesOf(resource: Resource, param: SearchParamDef): readonly SearchValue[] {
    return this.cache.valuesOf(resource, param);
  }

  candidates(resourceType: string, hints: readonly IndexHint[]): Iterable<Resource> | undefined {
    const index = this.ensure(resourceType);
    const sets: Set<string>[] = [];
    for (const hint of hints) {
      if (hint.param.code === '_id' && hint.keys.every((k) => !k.includes('|')))
        sets.push(new Set(hint.keys));
      const byKey = index.byValue.get(hint.param.key);
      if (!byKey) continue;
      const ids = new Set<string>();
      for (const key of hint.keys) for (const id of byKey.get(key) ?? []) ids.add(id);
      sets.push(ids);
    }
    if (sets.length === 0) return undefined;
    sets.sort((a, b) => a.size - b.size);
    const [smallest, ...others] = sets;
    const ids = [...(smallest ?? [])].filter((id) => others.every((s) => s.has(id)));
    ids.sort((a, b) => (index.order.get(a) ?? Infinity) - (index.order.get(b) ?? Infinity));
    const out: Resource[] = [];
    for (const id of ids) {
      const r = this.store.get(resourceType, id);
      if (r) out.push(r);
    }
    return out;
  }

  noteWrite(resourceType: string, id: string, after: Resource | undefined): void {
    this.cache.forget(resourceType, id);
    const index = this.types.get(resourceType);
    if (!index) return;
    const postings = index.postings.get(id) ?? (index.postingsUnknown ? postingsIn(index, id) : []);
    for (const [paramKey, valueKey] of postings) {
      index.byValue.get(paramKey)?.get(valueKey)?.delete(id);
    }
    index.postings.delete(id);
    if (after) this.add(index, after);
    else index.order.delete(id);
  }

  /** Persistence hook: where a type's index is first looked for before it is built from the store. */
  useSavedIndexes(lookup: SavedIndexLookup): void {
    this.savedIndexes = lookup;
  }

  /**
   * Persistence hook: the index of a type with hot parameters, to save beside a snapshot of the store
   * as it is now; undefined when the type has none built or saved and `build` is not asked for.
   */
  exportIndex(resourceType: string, build = false): SavedTypeIndex | undefined {
    if (!HOT_PARAMETERS[resourceType]) return undefined;
    if (!build && !this.types.has(resourceType) && !this.savedIndexes?.(resourceType)) return undefined;
    const index = this.ensure(resourceType);
    const ids = [...index.order.keys()];
    const position = new Map(ids.map((id, at) => [id, at]));
    const byValue: SavedTypeIndex['byValue'] = {};
    for (const [paramKey, byKey] of index.byValue) {
      const entries: [string, number[]][] = [];
      for (const [valueKey, idSet] of byKey) {
        if (idSet.size > 0) entries.push([valueKey, [...idSet].map((id) => position.get(id) ?? -1)]);
      }
      byValue[paramKey] = entries;
    }
    return { params: index.hot.map((p) => p.key), ids, byValue };
  }

  private ensure(resourceType: string): TypeIndex {
    let index = this.types.get(resourceType);
    if (index) return index;
    const started = performance.now();
    const hot = (HOT_PARAMETERS[resourceType] ?? []).flatMap((code) => {
      const p = this.registry.getParam(resourceType, code);
      return p ? [p] : [];
    });
    index = this.fromSaved(resourceType, hot);
    if (!index) {
      index = emptyIndex(hot);
      this.types.set(resourceType, index);
      for (const r of this.store.resourcesOfType(resourceType)) this.add(index, r);
    }
    this.buildMs += performance.now() - started;
    return index;
  }

  /**
   * Takes in a saved index when it is for the same hot parameters and consistent, then indexes again
   * the resources written since it was saved; undefined (build instead) otherwise.
   */
  private fromSaved(resourceType: string, hot: SearchParamDef[]): TypeIndex | undefined {
    const found = this.savedIndexes?.(resourceType);
    if (!found) return undefined;
    const { index: saved, changedIds } = found;
    if (saved.params.join('\n') !== hot.map((p) => p.key).join('\n')) return undefined;
    const index = emptyIndex(hot);
    index.postingsUnknown = true;
    for (const id of saved.ids) index.order.set(id, index.next++);
    if (index.order.size !== saved.ids.length) return undefined;
    // The postings of the ids written since are gathered on the way, for indexing them again below.
    const changed = new Set(changedIds);
    for (const id of changed) index.postings.set(id, []);
    for (const [paramKey, byKey] of index.byValue) {
      for (const [valueKey, positions] of saved.byValue[paramKey] ?? []) {
        const ids = new Set<string>();
        for (const at of positions) {
          const id = saved.ids[at];
          if (id === undefined) return undefined;
          ids.add(id);
          if (changed.has(id)) index.postings.get(id)?.push([paramKey, valueKey]);
        }
        byKey.set(valueKey, ids);
      }
    }
    this.types.set(resourceType, index);
    for (const id of changed) this.noteWrite(resourceType, id, this.store.get(resourceType, id));
    return index;
  }

  private add(index: TypeIndex, resource: Resource): void {
    const id = resource.id ?? '';
    if (!index.order.has(id)) index.order.set(id, index.next++);
    const postings: [string, string][] = [];
    for (const p of index.hot) {
      const values = this.cache.valuesOf(resource, p);
      const byKey = index.byValue.get(p.key);
      if (!byKey) continue;
      for (const value of values) {
        for (const key of valueKeys(value)) {
          let ids = byKey.get(key);
          if (!ids) byKey.set(key, (ids = new Set()));
          // The id is in no set of this parameter before it is added (its old postings are gone):
          // one it is in already is a key two of its values share.
          if (ids.has(id)) continue;
          ids.add(id);
          postings.push([p.key, key]);
        }
      }
    }
    index.postings.set(id, postings);
  }
}

/** The [param key, value key] pairs an id is indexed under, found by looking through every value. */
function postingsIn(index: TypeIndex, id: string): [string, string][] {
  const postings: [string, string][] = [];
  for (const [paramKey, byKey] of index.byValue) {
    for (const [valueKey, ids] of byKey) if (ids.has(id)) postings.push([paramKey, valueKey]);
  }
  return postings;
}

function emptyIndex(hot: SearchParamDef[]): TypeIndex {
  const index: TypeIndex = { order: new Map(), next: 0, byValue: new Map(), postings: new Map(), hot };
  for (const p of hot) if (isKeyed(p.type)) index.byValue.set(p.key, new Map());
  return index;
}
