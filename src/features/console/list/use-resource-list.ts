import type { Bundle, Resource } from '@medplum/fhirtypes';
import { useReplicaSearch, useServerRead } from '@/ui';
import { notReady } from '../server-state';

/** One page of a resource list and where it came from. */
export type ResourceListState =
  | { status: 'loading' }
  | { status: 'ready'; resources: Resource[]; total: number; source: 'replica' | 'server' }
  /** The replica does not hold the type and the server cannot be reached. */
  | { status: 'offline' }
  | { status: 'error'; message: string };

function matchesOf(bundle: Bundle, resourceType: string): Resource[] {
  return (bundle.entry ?? []).flatMap((entry) =>
    entry.resource && entry.resource.resourceType === resourceType && entry.search?.mode !== 'include'
      ? [entry.resource]
      : []
  );
}

/**
 * A page of a FHIR search of any type: from the replica when it holds the type (live, offline
 * too), else from the server.
 */
export function useResourceList(resourceType: string, query: string): ResourceListState {
  const local = useReplicaSearch(resourceType, query);
  const server = useServerRead(local.status === 'not-held' ? `${resourceType}?${query}` : null, (fhir) => {
    const params = new URLSearchParams(query);
    params.set('_total', 'accurate');
    return fhir.search(resourceType, params);
  });
  switch (local.status) {
    case 'loading':
      return { status: 'loading' };
    case 'invalid':
      return { status: 'error', message: local.message };
    case 'ready':
      return {
        status: 'ready',
        resources: local.records.map((record) => record.resource),
        total: local.total,
        source: 'replica',
      };
    case 'not-held':
      break;
  }
  if (server.status !== 'ready') return notReady(server) ?? { status: 'loading' };
  const resources = matchesOf(server.data, resourceType);
  return { status: 'ready', resources, total: server.data.total ?? resources.length, source: 'server' };
}
