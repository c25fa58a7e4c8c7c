import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { ReplicaChange } from '../db/changes';
import type { ApiClient } from '../sync/client';
import { readOpeningPages } from '../sync/engine/opening-pages';
import type { SyncServiceApi, SyncServiceConfig } from '../sync/service/types';
import { pageFhirClient } from './page-fhir-client';
import { PendingOverlay } from './replica/pending-overlay';
import type { ReplicaReader } from './replica/reader';
import { ServiceStatusStore } from './sync/status-store';
import { RecentReads } from './recent-reads';

/**
 * Announces that the replica changed (a commit of this tab, another tab or a worker), with what the
 * commit wrote when that is known (undefined: anything may have changed).
 */
export type ReplicaChanges = (listener: (change?: ReplicaChange) => void) => () => void;

export interface ReplicaContextValue {
  reader: ReplicaReader;
  service: SyncServiceApi;
  client: ApiClient;
  statusStore: ServiceStatusStore;
  /** The changes drawn before the replica holds them (see useCommands().applyChange). */
  overlay: PendingOverlay;
  /** Every committed change of the replica, announced: the screens read again on it. */
  changes: ReplicaChanges;
  /** The last answers of named reads, drawn at once when a screen comes back. */
  recent: RecentReads;
}

const ReplicaContext = createContext<ReplicaContextValue | null>(null);

export interface ReplicaProviderProps {
  reader: ReplicaReader;
  service: SyncServiceApi;
  /** The page's client: its session says when to start syncing. */
  client: ApiClient;
  config: SyncServiceConfig;
  changes: ReplicaChanges;
  children: ReactNode;
}

/**
 * Gives the hooks of src/ui the replica, the sync service and its status. Starts the service when a
 * session exists (after sign-in or on a reload) and ends the page's session when the service says it
 * ended elsewhere (another tab signed out, or the server refused the tokens).
 */
export function ReplicaProvider({
  reader,
  service,
  client,
  config,
  changes,
  children,
}: ReplicaProviderProps) {
  const [statusStore] = useState(() => new ServiceStatusStore(service));
  const [value] = useState<ReplicaContextValue>(() => ({
    reader,
    service,
    client,
    statusStore,
    overlay: new PendingOverlay(),
    changes,
    recent: new RecentReads(),
  }));

  useEffect(
    () =>
      client.session.subscribe(() => {
        if (client.session.getState().status === 'none') value.recent.clear();
      }),
    [client, value]
  );

  useEffect(() => statusStore.connect(), [statusStore]);

  // A sign-in in this page reads the opening screens' first pages itself, beside the profile's
  // read: the list draws them while the worker starts its first load. The load's own rows replace
  // them; a failed read only leaves the list waiting for the load.
  useEffect(() => {
    let previous = client.session.getState().status;
    return client.session.subscribe(() => {
      const state = client.session.getState();
      const signedIn = previous === 'none' && state.status !== 'none';
      previous = state.status;
      if (state.status === 'none') statusStore.offerFirstPages(undefined);
      const profile = state.status === 'none' ? undefined : state.login.profile?.reference;
      if (!signedIn || !profile) return;
      void readOpeningPages(pageFhirClient(client, false), profile)
        .then((pages) => {
          if (client.session.getState().status !== 'none') statusStore.offerFirstPages(pages);
        })
        .catch(() => undefined);
    });
  }, [client, statusStore]);

  useEffect(() => {
    const startIfSignedIn = () => {
      if (client.session.getState().status !== 'none') void service.start(config).catch(() => undefined);
    };
    startIfSignedIn();
    return client.session.subscribe(startIfSignedIn);
  }, [client, service, config]);

  // Pull when the clinician comes back to the app (another app was in front, the tablet woke up):
  // the queues are then as fresh as the connection allows before anyone reads them.
  useEffect(() => {
    const syncIfVisible = () => {
      if (document.visibilityState !== 'visible') return;
      if (client.session.getState().status === 'none') return;
      void service.syncNow().catch(() => undefined);
    };
    window.addEventListener('focus', syncIfVisible);
    document.addEventListener('visibilitychange', syncIfVisible);
    return () => {
      window.removeEventListener('focus', syncIfVisible);
      document.removeEventListener('visibilitychange', syncIfVisible);
    };
  }, [client, service]);

  useEffect(
    () =>
      statusStore.subscribe(() => {
        const status = statusStore.getSnapshot();
        if (status.endedBy && client.session.getState().status !== 'none') void client.session.expire();
      }),
    [statusStore, client]
  );

  return <ReplicaContext.Provider value={value}>{children}</ReplicaContext.Provider>;
}

export function useReplicaContext(): ReplicaContextValue {
  const value = useContext(ReplicaContext);
  if (!value) throw new Error('The hooks of src/ui need a ReplicaProvider');
  return value;
}
