import type { Resource, SearchParameter } from '@medplum/fhirtypes';
import type { SearchParamType, SearchValue } from './values';

export type { SearchParamType } from './values';

/** One search parameter as it applies to one resource type. */
export interface SearchParamDef {
  /** `Task.owner`: unique across types, used as a cache key. */
  readonly key: string;
  readonly code: string;
  readonly type: SearchParamType;
  readonly resourceType: string;
  /** Target resource types of a reference parameter. */
  readonly targets: readonly string[];
  readonly definition: SearchParameter;
  /** Evaluates the parameter's expression on a resource and returns its search values. */
  readonly extract: (resource: Resource) => SearchValue[];
}

/** Where a search reads resources and parameter values from. */
export interface SearchSource {
  /** Current resources of a type, in insertion order. */
  resourcesOfType(resourceType: string): Iterable<Resource>;
  get(resourceType: string, id: string): Resource | undefined;
  /** The values of a parameter in a resource (a source may cache them). */
  valuesOf(resource: Resource, param: SearchParamDef): readonly SearchValue[];
  /**
   * Resources that may satisfy every hint (a superset of the matches), in insertion order; undefined
   * when no index helps. Each hint lists exact keys (see `indexKeys`), any of which may match.
   */
  candidates?(resourceType: string, hints: readonly IndexHint[]): Iterable<Resource> | undefined;
}

export interface IndexHint {
  param: SearchParamDef;
  keys: readonly string[];
}

export interface SearchOutcome {
  resources: Resource[];
  total: number;
  included: Resource[];
}
