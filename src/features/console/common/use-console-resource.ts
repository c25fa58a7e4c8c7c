import type { Resource } from '@medplum/fhirtypes';
import { useEffect } from 'react';
import { useCommands, useResource, useServerRead, type ResourceState } from '@/ui';
import { notReady } from '../server-state';

export type ConsoleResourceState =
  | { status: 'loading' }
  | {
      status: 'ready';
      resource: Resource;
      source: 'replica' | 'server';
      pending: number;
      /** The server's version this view is based on (what an edit is tested against). */
      versionId?: string;
      /** The replica's sync state of the resource: its conflicts and refused changes. */
      sync?: ResourceState<Resource>;
    }
  | { status: 'not-found' }
  | { status: 'offline' }
  | { status: 'error'; message: string };

/** A failed keep of a resource read from the server is tried this many more times, this far apart. */
const KEEP_RETRIES = 2;
const KEEP_RETRY_MS = 2_000;

/**
 * One resource: the replica's copy (the user's view, live) when it holds it, else the server's,
 * which is then kept in the replica (and its type followed) for offline use and for changes.
 */
export function useConsoleResource(resourceType: string, id: string): ConsoleResourceState {
  const local = useResource(resourceType, id);
  const { keepResources } = useCommands();
  const needsServer = !local.loading && !local.found;
  const server = useServerRead(needsServer ? `${resourceType}/${id}` : null, (fhir) =>
    fhir.read(resourceType, id)
  );
  const fetched = server.status === 'ready' ? server.data : undefined;
  useEffect(() => {
    if (!fetched) return;
    // Kept so it is there offline and can be edited. A failed keep is tried again, then reported;
    // the page still shows the server's copy meanwhile.
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const keep = (triesLeft: number): void => {
      keepResources([fetched]).catch((error: unknown) => {
        if (cancelled) return;
        if (triesLeft > 0) timer = setTimeout(() => keep(triesLeft - 1), KEEP_RETRY_MS);
        else console.error(`${resourceType}/${id} could not be kept on this device`, error);
      });
    };
    keep(KEEP_RETRIES);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [fetched, keepResources, resourceType, id]);

  if (local.loading) return { status: 'loading' };
  if (local.found) {
    return local.resource
      ? {
          status: 'ready',
          resource: local.resource,
          source: 'replica',
          pending: local.pending,
          versionId: local.record?.server?.meta?.versionId,
          sync: local,
        }
      : { status: 'not-found' };
  }
  if (fetched) {
    return {
      status: 'ready',
      resource: fetched,
      source: 'server',
      pending: 0,
      versionId: fetched.meta?.versionId,
    };
  }
  const state = notReady(server) ?? { status: 'loading' };
  return state.status === 'error' && /not found|gone|deleted/i.test(state.message)
    ? { status: 'not-found' }
    : state;
}
