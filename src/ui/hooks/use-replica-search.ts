import { searchReplica, type ReplicaSearchState } from '../replica/search';
import { useReplicaQuery } from '../use-replica-query';

/**
 * The answer of a FHIR search over the replica, re-run whenever the records it read change (here,
 * in another tab, or by a pull). Any filter, sort and page the server understands works offline.
 */
export function useReplicaSearch(resourceType: string, query: string): ReplicaSearchState {
  return (
    useReplicaQuery((reader) => searchReplica(reader, resourceType, query), [resourceType, query]) ?? {
      status: 'loading',
    }
  );
}
