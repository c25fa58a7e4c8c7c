import type { Resource } from '@medplum/fhirtypes';
import type { SortKey } from './query';
import type { SearchSource } from './types';
import type { SearchValue } from './values';

type SortValue = string | number | undefined;

/** The value a resource sorts by: strings by first value, dates by start, numbers, tokens by code. */
export function sortValue(values: readonly SearchValue[]): SortValue {
  const v = values[0];
  if (!v) return undefined;
  switch (v.kind) {
    case 'string':
      return v.norm;
    case 'token':
      return v.code ?? v.text;
    case 'reference':
      return v.ref;
    case 'date':
      // A period open at the start (e.g. only a due `end`) sorts by its end.
      return Number.isFinite(v.start) ? v.start : Number.isFinite(v.end) ? v.end : undefined;
    case 'number':
    case 'quantity':
      return v.value;
    case 'uri':
      return v.uri;
  }
}

/**
 * Sorts by several keys. Resources without a value sort last in ascending order (and so first in
 * descending order); ties are broken by id, so that any copy of the same resources (a client's
 * offline replica, say) pages through them in the same order whatever order it holds them in.
 */
export function sortResources(
  source: SearchSource,
  resources: Resource[],
  keys: readonly SortKey[]
): Resource[] {
  if (keys.length === 0 || resources.length < 2) return resources;
  const rows = resources.map((resource, index) => ({
    resource,
    index,
    values: keys.map((k) => sortValue(source.valuesOf(resource, k.param))),
  }));
  rows.sort((a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const c = compareValues(a.values[i], b.values[i]);
      if (c !== 0) return keys[i]?.descending ? -c : c;
    }
    return compareValues(a.resource.id, b.resource.id) || a.index - b.index;
  });
  return rows.map((r) => r.resource);
}

function compareValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}
