import type { Resource } from '@medplum/fhirtypes';
import { useCallback, useSyncExternalStore } from 'react';
import type { ProfileResource, SessionState } from '@/sync/auth/types';
import { useReplicaContext } from '../ReplicaProvider';
import { useReplicaQuery } from '../use-replica-query';

export interface ProfileState {
  /** 'Practitioner/123'; '' when nobody is signed in. */
  reference: string;
  /** The replica's copy when it has one (newest), else the one the session loaded. */
  profile?: ProfileResource;
}

/** The signed-in user's profile. */
export function useProfile(): ProfileState {
  const session = useSessionState();
  const sessionProfile = session.status === 'ready' ? session.details.profile : undefined;
  const reference =
    (session.status === 'none' ? undefined : session.login.profile?.reference) ??
    (sessionProfile?.id ? `${sessionProfile.resourceType}/${sessionProfile.id}` : '');
  const stored = useReplicaQuery(
    (reader) => (reference ? reader.record(reference) : Promise.resolve(undefined)),
    [reference]
  );
  const fromReplica = stored && stored.deleted === 0 ? (stored.resource as Resource) : undefined;
  return { reference, profile: (fromReplica as ProfileResource | undefined) ?? sessionProfile };
}

/** The page's login state, re-rendering when it changes. */
export function useSessionState(): SessionState {
  const { client } = useReplicaContext();
  const subscribe = useCallback((onChange: () => void) => client.session.subscribe(onChange), [client]);
  const snapshot = useCallback(() => client.session.getState(), [client]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
