import type { Resource } from '@medplum/fhirtypes';
import type { SearchOutcome, SearchParamRegistry, SearchQuery, SearchSource } from '@/fhir/search';
import { findMatches, parseSearchQuery } from '@/fhir/search';
import { collectIncludes } from '@/fhir/search/include';
import { sortResources } from '@/fhir/search/sort';

/**
 * Paging and what a page pulls in beside its matches: every page of one search shares its sorted
 * matches, whether or not it asks for the resources they point at.
 */
const SHARING = (name: string): boolean =>
  name === '_offset' || name === '_count' || /^_(rev)?include(:|$)/.test(name);
/** How many searches keep their sorted matches at once (the pages a sync is reading side by side). */
const HELD_SEARCHES = 16;

/**
 * The sorted matches of recent searches, so the pages of one search cost a slice of them instead of
 * matching and sorting the whole type again for every page. Any write to the project drops them
 * all (`forget`), so a page reads exactly what matching and sorting would find now. Only searches
 * whose reads see the whole type are kept: a caller whose visibility filters the type, or a chained
 * filter (resolved through the caller's visibility), is searched afresh.
 */
export class SearchPageCache {
  private readonly held = new Map<string, Resource[]>();

  forget(): void {
    this.held.clear();
  }

  /**
   * The page `params` asks for, from the held matches of its search when there are some;
   * `seesAll` says whether the caller sees every resource of the type.
   */
  search(
    source: SearchSource,
    registry: SearchParamRegistry,
    resourceType: string,
    params: URLSearchParams,
    seesAll: boolean
  ): SearchOutcome {
    const query = parseSearchQuery(registry, resourceType, params);
    const shareable = seesAll && query.filters.every((filter) => !filter.chain);
    const key = shareable ? searchKey(resourceType, params) : undefined;
    let sorted = key === undefined ? undefined : this.held.get(key);
    if (!sorted) {
      sorted = sortedMatches(source, query);
      if (key !== undefined) this.keep(key, sorted);
    }
    const resources = query.count === 0 ? [] : sorted.slice(query.offset, query.offset + query.count);
    const included = collectIncludes(source, registry, resources, query.include, query.revinclude);
    return { resources, total: sorted.length, included };
  }

  private keep(key: string, sorted: Resource[]): void {
    this.held.delete(key);
    this.held.set(key, sorted);
    // The least recently kept goes first.
    for (const old of this.held.keys()) {
      if (this.held.size <= HELD_SEARCHES) break;
      this.held.delete(old);
    }
  }
}

function sortedMatches(source: SearchSource, query: SearchQuery): Resource[] {
  const matches = findMatches(source, query.resourceType, query.filters, query.expressions);
  return sortResources(source, matches, query.sort);
}

/** The search without its paging, its parameters in a fixed order. */
function searchKey(resourceType: string, params: URLSearchParams): string {
  const kept = [...params].filter(([name]) => !SHARING(name));
  kept.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return `${resourceType}?${new URLSearchParams(kept).toString()}`;
}
