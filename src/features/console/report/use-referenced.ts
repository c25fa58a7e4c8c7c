import type { Bundle, Reference, Resource, ResourceType } from '@medplum/fhirtypes';
import { useReplicaQuery, useServerRead, type ServerState } from '@/ui';
import { referencedIds } from './results';

/**
 * The resources of one type that a list of references points to, in the list's order: from the
 * replica when it holds them all, else from the server (one search by _id).
 */
export function useReferenced<T extends Resource>(
  resourceType: T['resourceType'] & ResourceType,
  references: Reference[] | undefined
): ServerState<T[]> {
  const ids = referencedIds(resourceType, references);
  const idList = ids.join(',');
  const held = useReplicaQuery(
    async (reader) => {
      const records = await reader.search.getResources(ids.map((id) => `${resourceType}/${id}`));
      return records.filter((record) => record.deleted === 0).map((record) => record.resource as T);
    },
    [resourceType, idList]
  );
  const complete = held !== undefined && held.length === ids.length;
  const server = useServerRead(
    held !== undefined && !complete ? `${resourceType}?_id=${idList}` : null,
    (fhir) => fhir.search(resourceType, { _id: idList, _count: 100 })
  );
  const inOrder = (found: T[]): T[] => ids.flatMap((id) => found.filter((resource) => resource.id === id));
  if (ids.length === 0) return { status: 'ready', data: [] };
  if (held === undefined) return { status: 'loading' };
  if (complete) return { status: 'ready', data: inOrder(held) };
  if (server.status !== 'ready') return server;
  const bundle: Bundle = server.data;
  const found = (bundle.entry ?? []).flatMap((entry) =>
    entry.resource?.resourceType === resourceType ? [entry.resource as T] : []
  );
  return { status: 'ready', data: inOrder(found) };
}
