import { useEffect, useState } from 'react';
import type { FhirClient } from '@/sync/fhir/fhir-client';
import { NetworkError } from '@/sync/http/errors';
import { pageFhirClient } from '../page-fhir-client';
import { useReplicaContext } from '../ReplicaProvider';
import { useBrowserOnline } from './use-sync-status';

/**
 * The FHIR client of the signed-in page, one per ApiClient so its cache is shared. Pass
 * `{ cached: false }` for work that must read what the server holds now (uploads).
 */
export function useFhirClient(options: { cached?: boolean } = {}): FhirClient {
  return pageFhirClient(useReplicaContext().client, options.cached ?? true);
}

/** A read from the server: its answer, or why there is none. */
export type ServerState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  /** The device is offline or the server cannot be reached. */
  | { status: 'offline' }
  | { status: 'error'; message: string };

/**
 * Reads from the server for what the replica does not hold. `key` names the read (it runs again when
 * the key changes, or when the device comes back online); null skips it. Offline, an answer already
 * read for this key is still given; without one the state is 'offline'.
 */
export function useServerRead<T>(key: string | null, read: (fhir: FhirClient) => Promise<T>): ServerState<T> {
  const fhir = useFhirClient();
  const online = useBrowserOnline();
  const [state, setState] = useState<{ key: string | null; value: ServerState<T> }>({
    key: null,
    value: { status: 'idle' },
  });
  useEffect(() => {
    if (key === null || !online) return undefined;
    let current = true;
    read(fhir).then(
      (data) => current && setState({ key, value: { status: 'ready', data } }),
      (error: unknown) => {
        if (!current) return;
        const offline = error instanceof NetworkError || (error instanceof TypeError && !navigator.onLine);
        setState({
          key,
          value: offline
            ? { status: 'offline' }
            : { status: 'error', message: error instanceof Error ? error.message : String(error) },
        });
      }
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names everything `read` depends on
  }, [key, online, fhir]);
  if (key === null) return { status: 'idle' };
  const answer = state.key === key ? state.value : undefined;
  // What was read stays on screen when the connection drops: a page drawn from it (a form being
  // filled in) is not swapped for an offline notice, which would take the user's place away.
  if (!online) return answer?.status === 'ready' ? answer : { status: 'offline' };
  return answer ?? { status: 'loading' };
}
