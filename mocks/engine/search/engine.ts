import type { Resource } from '@medplum/fhirtypes';
import { search, SearchError } from '@/fhir/search';
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
import { resourceMatcher, visibleSource } from './visibility';

/** The search engine of one project's store, with FHIR R4 semantics and indexes on the hot parameters. */
export function createProjectSearchEngine(
  store: SearchableStore
): ProjectSearchEngine & { indexBuildMs(): number } {
  const registry = getSearchRegistry();
  const source = new IndexedSource(store, registry);
  return {
    search(resourceType: string, params: URLSearchParams, visibility?: Visibility): SearchResult {
      try {
        return search(
          visibility ? visibleSource(source, visibility) : source,
          registry,
          resourceType,
          params
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
    },
    indexBuildMs: () => source.buildMs,
    exportIndex: (resourceType: string, build?: boolean) => source.exportIndex(resourceType, build),
    useSavedIndexes: (lookup: SavedIndexLookup) => source.useSavedIndexes(lookup),
  };
}
