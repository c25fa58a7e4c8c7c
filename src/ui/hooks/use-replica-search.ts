import { searchReplica, type ReplicaSearchState } from '../replica/search';
import { usePendingOverlay } from './use-commands';
import { useReplicaQuery } from '../use-replica-query';

/**
 * The answer of a FHIR search over the replica, re-run whenever the records it read change (here,
 * in another tab, or by a pull). Any filter, sort and page the server understands works offline.
 */
export function useReplicaSearch(resourceType: string, query: string): ReplicaSearchState {
  const found = useReplicaQuery(
    (reader) => searchReplica(reader, resourceType, query),
    [resourceType, query]
  );
  const overlay = usePendingOverlay();
  if (!found) return { status: 'loading' };
  if (found.status !== 'ready' || overlay.empty) return found;
  // The rows with the changes the replica does not hold yet drawn over them; a deleted row goes.
  const records = found.records.map((record) => overlay.apply(record));
  const shown = records.filter((record) => record.deleted === 0);
  return { ...found, records: shown, total: found.total - (records.length - shown.length) };
}
