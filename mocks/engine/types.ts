import type { Reference, Resource } from '@medplum/fhirtypes';

/** The server's notion of now; tests move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Who is calling: taken from the bearer token by the auth service. */
export interface RequestContext {
  projectId: string;
  /** e.g. { reference: 'Practitioner/123', display: 'Alice Smith' } */
  profile: Reference;
  login: string;
  clientId: string;
  /** The caller's ProjectMembership is a project admin's. */
  admin?: boolean;
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

/**
 * The search engine of one project. The store calls noteWrite on every create, update and delete so
 * the engine keeps its indexes current.
 */
export interface ProjectSearchEngine {
  /** Throws FhirError(400) for unknown parameters, bad values, bad _sort. */
  search(resourceType: string, params: URLSearchParams): SearchResult;
  noteWrite(
    resourceType: string,
    id: string,
    before: Resource | undefined,
    after: Resource | undefined
  ): void;
}
