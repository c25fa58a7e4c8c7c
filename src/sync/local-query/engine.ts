import type { Resource, SearchParameter } from '@medplum/fhirtypes';
import type { StoredResource } from '@/db/types';
import {
  executeSearch,
  parseSearchQuery,
  SearchParamRegistry,
  type SearchOutcome,
  type SearchQuery,
} from '@/fhir/search';
import { queuePrefix } from '@/db/queue-keys';
import { planQueueRead, planTaskNarrowing, stateCondition, type QueuePlan } from './narrowing';
import { ReplicaLoader } from './replica-loader';
import type { FieldCondition, ReplicaQueryReader } from './replica-reader';
import { MemorySource, ValueCache } from './source';

export interface LocalQueryEngineOptions {
  /** The SearchParameter resources the server uses (see SEARCH_PARAMETERS_META_KEY). */
  definitions: Iterable<SearchParameter>;
  /**
   * The order of replica records: the order of the matches of a search without `_sort` (the server
   * answers those in its insertion order). Sorted searches break ties by id and do not depend on it.
   * By key by default, which is the server's order for the seeded ids.
   */
  compareRecords?: (a: StoredResource, b: StoredResource) => number;
}

/** One page of matches, their total before paging, and what _include / _revinclude added. */
export type LocalSearchResult = SearchOutcome;

export interface LocalQueryEngine {
  readonly registry: SearchParamRegistry;
  /** A searchable set of resources to reuse across searches (values stay cached on the objects). */
  createSource(resources: Iterable<Resource>): MemorySource;
  /** Searches resources in memory; their order is the insertion order ties keep. Throws SearchError. */
  search(
    resources: Iterable<Resource> | MemorySource,
    resourceType: string,
    params: URLSearchParams
  ): LocalSearchResult;
  /**
   * Loads the records a search can match from the replica (narrowed by the Task queue fields), the
   * resources its chains and includes reach, and searches them. Deleted records are left out; the
   * user's version (`resource`) is what is matched. Throws SearchError on bad input.
   */
  searchReplica(
    reader: ReplicaQueryReader,
    resourceType: string,
    params: URLSearchParams
  ): Promise<LocalSearchResult>;
}

const byKey = (a: StoredResource, b: StoredResource): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The local search of the replica, with the server's search semantics (src/fhir/search). */
export function createLocalQueryEngine(options: LocalQueryEngineOptions): LocalQueryEngine {
  const registry = new SearchParamRegistry(options.definitions);
  const cache = new ValueCache();
  const compareRecords = options.compareRecords ?? byKey;

  const createSource = (resources: Iterable<Resource>): MemorySource => new MemorySource(resources, cache);

  const run = (source: MemorySource, query: SearchQuery): LocalSearchResult =>
    executeSearch(source, registry, query);

  return {
    registry,
    createSource,
    search(resources, resourceType, params) {
      const source = resources instanceof MemorySource ? resources : createSource(resources);
      return run(source, parseSearchQuery(registry, resourceType, params));
    },
    async searchReplica(reader, resourceType, params) {
      const query = parseSearchQuery(registry, resourceType, params);
      const plan = resourceType === 'Task' ? planQueueRead(params) : undefined;
      if (plan) return readQueue(reader, plan, query.offset, query.count);
      const conditions = resourceType === 'Task' ? await taskConditions(reader, params) : [];
      const loader = new ReplicaLoader(reader, registry, cache);
      const candidates = await loader.loadType(resourceType, conditions);
      await loader.loadRelated(query, candidates);
      return run(createSource(loader.ordered(compareRecords)), query);
    },
  };
}

/** A queue search, answered from the queue index: the page in order and the queues' size. */
async function readQueue(
  reader: ReplicaQueryReader,
  plan: QueuePlan,
  offset: number,
  count: number
): Promise<LocalSearchResult> {
  let prefixes: string[];
  if ('selectors' in plan) prefixes = plan.selectors.map(queuePrefix);
  else {
    const stored = await reader.distinctValues('Task', 'patientState');
    prefixes = stateCondition(plan.states, stored).anyOf.map((state) =>
      queuePrefix({ kind: 'state', state })
    );
  }
  if (prefixes.length === 0) return { resources: [], total: 0, included: [] };
  const page = await reader.queuePage({ prefixes, offset, count });
  return { resources: page.records.map((record) => record.resource), total: page.total, included: [] };
}

/** The queue-field conditions of a Task search, states resolved against the replica's values. */
async function taskConditions(
  reader: ReplicaQueryReader,
  params: URLSearchParams
): Promise<FieldCondition[]> {
  const plan = planTaskNarrowing(params);
  if (plan.states.length === 0) return plan.conditions;
  const stored = await reader.distinctValues('Task', 'patientState');
  return [...plan.conditions, ...plan.states.map((match) => stateCondition(match, stored))];
}
