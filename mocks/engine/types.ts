import type { AccessPolicy, Reference, Resource } from '@medplum/fhirtypes';

export { systemClock, type Clock } from '@/fhir/clock';

/** Who is calling: taken from the bearer token by the auth service. */
export interface RequestContext {
  projectId: string;
  /** e.g. { reference: 'Practitioner/123', display: 'Alice Smith' } */
  profile: Reference;
  login: string;
  clientId: string;
  /** The caller's membership is a project admin's: only admins manage bots and the project's settings. */
  admin?: boolean;
  /**
   * The membership's access policy with its parameters (%patient, %profile) filled in; without one the
   * caller reaches every resource of the project that is not reserved for admins.
   */
  accessPolicy?: AccessPolicy;
}

/**
 * The current versions of one project's resources, as the search engine reads them.
 * Implemented by the store; the search engine never writes through it.
 */
export interface SearchableStore {
  /** Current (not deleted) resources of a type, in insertion order. */
  resourcesOfType(resourceType: string): Iterable<Resource>;
  /** Current version, or undefined when absent or deleted. */
  get(resourceType: string, id: string): Resource | undefined;
}

/** One page of a search. `resources` is already filtered, sorted and cut to _offset/_count. */
export interface SearchResult {
  resources: Resource[];
  /** Number of matches before paging. */
  total: number;
  /** Resources added by _include / _revinclude (search mode 'include'). */
  included: Resource[];
}

/** Which resources of a type a caller may see: all of them, none, or those that pass a test. */
export type TypeVisibility = 'all' | 'none' | ((resource: Resource) => boolean);
export type Visibility = (resourceType: string) => TypeVisibility;

/**
 * The search engine of one project. The store calls noteWrite on every create, update and delete so
 * the engine keeps its indexes current.
 */
export interface ProjectSearchEngine {
  /**
   * Throws FhirError(400) for unknown parameters, bad values, bad _sort. With a visibility, the
   * search (matches, totals, chains, _include and _revinclude) sees only what it lets through.
   */
  search(resourceType: string, params: URLSearchParams, visibility?: Visibility): SearchResult;
  /**
   * A test of whether a resource meets a search query's criteria (paging and sorting ignored), for
   * resources in the store and for ones about to be written. Throws FhirError(400) for a bad query.
   */
  matcher(resourceType: string, params: URLSearchParams): (resource: Resource) => boolean;
  noteWrite(
    resourceType: string,
    id: string,
    before: Resource | undefined,
    after: Resource | undefined
  ): void;
  /**
   * Persistence hook: a type's index to save with a snapshot, when one is built or saved (or, with
   * `build`, always for a type with indexed parameters).
   */
  exportIndex?(resourceType: string, build?: boolean): SavedTypeIndex | undefined;
  /** Persistence hook: where a type's index is looked for before it is built from the store. */
  useSavedIndexes?(lookup: SavedIndexLookup): void;
}

/**
 * A type's index as saved beside a snapshot: the hot parameters it is for, its ids in index order,
 * and per keyed hot parameter each value key with the positions (in `ids`) of the ids under it.
 */
export interface SavedTypeIndex {
  params: string[];
  ids: string[];
  byValue: Record<string, [valueKey: string, positions: number[]][]>;
}

/**
 * A saved index for a type and the ids written since it was saved (their current resources are
 * indexed again after it is taken in), or undefined when there is none or it does not fit the store.
 */
export type SavedIndexLookup = (
  resourceType: string
) => { index: SavedTypeIndex; changedIds: Iterable<string> } | undefined;
