import type { Bundle, Resource } from '@medplum/fhirtypes';
import { useEffect, useMemo } from 'react';
import {
  resourceKey,
  searchReplica,
  useCommands,
  useReplicaQuery,
  useServerRead,
  type ReplicaSearchState,
  type StoredResource,
} from '@/ui';

/** One page of a resource list and where it came from. */
export type ResourceListState =
  | { status: 'loading' }
  | {
      status: 'ready';
      resources: Resource[];
      total: number;
      source: 'replica' | 'server';
      /** Offline answers come from what this device keeps, which may not be all the server has. */
      incomplete: boolean;
    }
  /** The server cannot be reached and the replica does not hold the type. */
  | { status: 'offline' }
  | { status: 'error'; message: string };

export function matchesOf(bundle: Bundle, resourceType: string): Resource[] {
  return (bundle.entry ?? []).flatMap((entry) =>
    entry.resource && entry.resource.resourceType === resourceType && entry.search?.mode !== 'include'
      ? [entry.resource]
      : []
  );
}

/**
 * A page of a FHIR search of any type. Online the server answers (the replica holds most types only
 * in part: the patients tasks point to, say), and its answers are kept in the replica; the rows show
 * the replica's view of them, so a change made here (a delete) shows at once. Offline the local query
 * engine searches the replica. `refresh` > 0 reads from the server again, past every cache.
 * A delete confirmed by the server removes the replica's record, so the page names what it deleted.
 */
export function useResourceList(
  resourceType: string,
  query: string,
  refresh = 0,
  /** Ids deleted from this page: gone from the list even once the replica has forgotten them. */
  deletedHere: ReadonlySet<string> = new Set()
): ResourceListState {
  const { keepServerVersions } = useCommands();
  const server = useServerRead(`${resourceType}?${query}#${refresh}`, (fhir) => {
    const params = new URLSearchParams(query);
    params.set('_total', 'accurate');
    return fhir.search(resourceType, params, { noCache: refresh > 0 });
  });
  const found = useMemo(
    () => (server.status === 'ready' ? matchesOf(server.data, resourceType) : undefined),
    [server, resourceType]
  );

  useEffect(() => {
    if (found && found.length > 0) void keepServerVersions(found).catch(() => undefined);
  }, [found, keepServerVersions]);

  const offline = server.status === 'offline';
  const keys = (found ?? []).map((resource) => resourceKey(resource.resourceType, resource.id ?? ''));
  const local = useReplicaQuery(
    async (reader): Promise<{ held: (StoredResource | undefined)[]; search?: ReplicaSearchState }> => ({
      held: await Promise.all(keys.map((key) => reader.record(key))),
      search: offline ? await searchReplica(reader, resourceType, query) : undefined,
    }),
    [keys.join('|'), offline, resourceType, query]
  );

  switch (server.status) {
    case 'idle':
    case 'loading':
      return { status: 'loading' };
    case 'error':
      return { status: 'error', message: server.message };
    case 'ready': {
      const resources = found ?? [];
      // The user's view of each answer: unsent changes on top, deletes made here left out.
      const view = resources.flatMap((resource, i) => {
        const record = local?.held[i];
        if (record?.deleted || deletedHere.has(resource.id ?? '')) return [];
        return [record?.resource ?? resource];
      });
      const removed = resources.length - view.length;
      const total = (server.data.total ?? resources.length) - removed;
      return { status: 'ready', resources: view, total, source: 'server', incomplete: false };
    }
    case 'offline':
      break;
  }
  const search = local?.search;
  if (!search || search.status === 'loading') return { status: 'loading' };
  if (search.status === 'not-held') return { status: 'offline' };
  if (search.status === 'invalid') return { status: 'error', message: search.message };
  return {
    status: 'ready',
    resources: search.records.map((record) => record.resource),
    total: search.total,
    source: 'replica',
    incomplete: true,
  };
}
