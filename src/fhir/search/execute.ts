import type { Resource } from '@medplum/fhirtypes';
import type { FilterExpression } from './filter';
import { collectIncludes } from './include';
import { parseSearchQuery, type Filter, type SearchQuery } from './query';
import type { SearchParamRegistry } from './registry';
import { sortResources } from './sort';
import type { IndexHint, SearchOutcome, SearchParamDef, SearchSource } from './types';
import type { SearchValue } from './values';

/** Parses, validates and runs a search; throws SearchError on bad input. */
export function search(
  source: SearchSource,
  registry: SearchParamRegistry,
  resourceType: string,
  params: URLSearchParams
): SearchOutcome {
  return executeSearch(source, registry, parseSearchQuery(registry, resourceType, params));
}

export function executeSearch(
  source: SearchSource,
  registry: SearchParamRegistry,
  query: SearchQuery
): SearchOutcome {
  const matches = findMatches(source, query.resourceType, query.filters, query.expressions);
  const sorted = sortResources(source, matches, query.sort);
  const resources = query.count === 0 ? [] : sorted.slice(query.offset, query.offset + query.count);
  const included = collectIncludes(source, registry, resources, query.include, query.revinclude);
  return { resources, total: matches.length, included };
}

/** Resources of a type satisfying every filter and every `_filter` expression, in insertion order. */
export function findMatches(
  source: SearchSource,
  resourceType: string,
  filters: readonly Filter[],
  expressions: readonly FilterExpression[] = []
): Resource[] {
  const ready = filters.map((f) => (f.chain ? resolveChain(source, f) : f));
  const hints: IndexHint[] = ready.flatMap((f) => (f.keys ? [{ param: f.param, keys: f.keys }] : []));
  const pool =
    (hints.length > 0 ? source.candidates?.(resourceType, hints) : undefined) ??
    source.resourcesOfType(resourceType);
  const out: Resource[] = [];
  for (const r of pool) {
    let ok = true;
    for (const f of ready) {
      if (!f.test(source.valuesOf(r, f.param))) {
        ok = false;
        break;
      }
    }
    if (ok && expressions.length > 0) {
      const valuesOf = (param: SearchParamDef): readonly SearchValue[] => source.valuesOf(r, param);
      ok = expressions.every((e) => e.matches(valuesOf));
    }
    if (ok) out.push(r);
  }
  return out;
}

/** Turns a chained filter into a plain one: the references it accepts are those of matching targets. */
export function resolveChain(source: SearchSource, filter: Filter): Filter {
  const accepted = new Set<string>();
  for (const [type, inner] of filter.chain ?? []) {
    for (const target of findMatches(source, type, [inner])) accepted.add(`${type}/${target.id ?? ''}`);
  }
  return {
    name: filter.name,
    param: filter.param,
    keys: [...accepted],
    test: (vs) => vs.some((v) => v.kind === 'reference' && accepted.has(`${v.type}/${v.id}`)),
  };
}
