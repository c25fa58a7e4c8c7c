import type { Resource } from '@medplum/fhirtypes';
import { useResource, useServerRead } from '@/ui';

export type ConsoleResourceState =
  | { status: 'loading' }
  | { status: 'ready'; resource: Resource; source: 'replica' | 'server'; pending: number }
  | { status: 'not-found' }
  | { status: 'offline' }
  | { status: 'error'; message: string };

/** One resource: the replica's copy (the user's view, live) when it holds it, else the server's. */
export function useConsoleResource(resourceType: string, id: string): ConsoleResourceState {
  const local = useResource(resourceType, id);
  const needsServer = !local.loading && !local.found;
  const server = useServerRead(needsServer ? `${resourceType}/${id}` : null, (fhir) =>
    fhir.read(resourceType, id)
  );
  if (local.loading) return { status: 'loading' };
  if (local.found) {
    return local.resource
      ? { status: 'ready', resource: local.resource, source: 'replica', pending: local.pending }
      : { status: 'not-found' };
  }
  switch (server.status) {
    case 'idle':
    case 'loading':
      return { status: 'loading' };
    case 'offline':
      return { status: 'offline' };
    case 'error':
      return /not found|gone|deleted/i.test(server.message)
        ? { status: 'not-found' }
        : { status: 'error', message: server.message };
    case 'ready':
      return { status: 'ready', resource: server.data, source: 'server', pending: 0 };
  }
}
