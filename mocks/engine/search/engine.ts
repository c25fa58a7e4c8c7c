import type { Resource } from '@medplum/fhirtypes';
import { SearchError } from '@/fhir/search';
import { badRequest } from '../outcome';
import type {
  ProjectSearchEngine,
  SavedIndexLookup,
  SearchableStore,
  SearchResult,
  Visibility,
} from '../types';
import { getSearchRegistry } from './definitions';
import { IndexedSource } from './hot-index';
import { SearchPageCache } from './page-cache';
import { resourceMatcher, visibleSource } from './visibility';

/** The search engine of one project's store, with FHIR R4 semantics and indexes on the hot parameters. */
export function createProjectSearchEngine(
  store: SearchableStore
): ProjectSearchEngine & { indexBuildMs(): number } {
  const registry = getSearchRegistry();
  const source = new IndexedSource(store, registry);
  const pages = new SearchPageCache();
  return {
    search(resourceType: string, params: URLSearchParams, visibility?: Visibility): SearchResult {
      try {
        const seesAll = !visibility || visibility(resourceType) === 'all';
        return pages.search(
          visibility ? visibleSource(source, visibility) : source,
          registry,
          resourceType,
          params,
          seesAll
        );
      } catch (err) {
        if (err instanceof SearchError) throw badRequest(err.message, err.parameter);
        throw err;
      }
    },
    matcher(resourceType: string, params: URLSearchParams): (resource: Resource) => boolean {
      try {
        return resourceMatcher(source, registry, resourceType, params);
      } catch (err) {
        if (err instanceof SearchError) throw badRequest(err.message, err.parameter);
        throw err;
      }
    },
    noteWrite(
      resourceType: string,
      id: string,
      _before: Resource | undefined,
      after: Resource | undefined
    ): void {
      source.noteWrite(resourceType, id, after);
      pages.forget();
    },
    indexBuildMs: () => source.buildMs,
    exportIndex: (resourceType: string, build?: boolean) => source.exportIndex(resourceType, build),
    useSavedIndexes: (lookup: SavedIndexLookup) => source.useSavedIndexes(lookup),
  };
}
