import type { Bundle, Observation, Reference } from '@medplum/fhirtypes';
import { useReplicaQuery, useServerRead, type ServerState } from '@/ui';
import { resultIds } from './results';

/** A report's Observations in its order: from the replica when it holds them all, else the server. */
export function useResults(results: Reference[] | undefined): ServerState<Observation[]> {
  const ids = resultIds(results);
  const idList = ids.join(',');
  const held = useReplicaQuery(
    async (reader) => {
      const records = await reader.search.getResources(ids.map((id) => `Observation/${id}`));
      return records.filter((record) => record.deleted === 0).map((record) => record.resource as Observation);
    },
    [idList]
  );
  const complete = held !== undefined && held.length === ids.length;
  const server = useServerRead(held !== undefined && !complete ? `Observation?_id=${idList}` : null, (fhir) =>
    fhir.search('Observation', { _id: idList, _count: 100 })
  );
  const inOrder = (found: Observation[]): Observation[] =>
    ids.flatMap((id) => found.filter((observation) => observation.id === id));
  if (ids.length === 0) return { status: 'ready', data: [] };
  if (held === undefined) return { status: 'loading' };
  if (complete) return { status: 'ready', data: inOrder(held) };
  if (server.status !== 'ready') return server;
  const bundle: Bundle = server.data;
  const found = (bundle.entry ?? []).flatMap((entry) =>
    entry.resource?.resourceType === 'Observation' ? [entry.resource] : []
  );
  return { status: 'ready', data: inOrder(found) };
}
