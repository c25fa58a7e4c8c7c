import { useSyncExternalStore } from 'react';
import type { ConflictRecord, OutboxEntry } from '@/db/types';
import { useReplicaContext } from '../ReplicaProvider';
import { useReplicaQuery } from '../use-replica-query';

export interface SyncStatusView {
  /** False when the browser is offline or the server could not be reached. */
  online: boolean;
  syncing: boolean;
  /** Changes waiting to be sent, in every tab. */
  pending: number;
  conflicts: number;
  failed: number;
  /** ISO instant of the last run that reached the server (this tab's or the leader's). */
  lastSyncedAt?: string;
  signedIn: boolean;
  /** While a first load fills the replica: the tasks stored so far; set once the first rows are in. */
  firstLoad?: { rows: number; percent: number };
}

/** The sync state for the header: the leader's connection and run, the replica's counts (live). */
export function useSyncStatus(): SyncStatusView {
  const { statusStore } = useReplicaContext();
  const status = useSyncExternalStore(
    statusStore.subscribe,
    statusStore.getSnapshot,
    statusStore.getSnapshot
  );
  const browserOnline = useBrowserOnline();
  const counts = useReplicaQuery((reader) => reader.counts(), []);
  return {
    online: browserOnline && status.online,
    syncing: status.syncing,
    pending: counts?.pending ?? status.pending,
    conflicts: counts?.conflicts ?? status.conflicts,
    failed: counts?.failed ?? status.failed,
    lastSyncedAt: status.lastSyncedAt,
    signedIn: status.signedIn,
    firstLoad: status.loading,
  };
}

export interface SyncIssues {
  conflicts: ConflictRecord[];
  /** Outbox entries the server rejected for good, with its words in `error`. */
  failures: OutboxEntry[];
  /** Outbox entries, by seq, for the labels and times of conflicts. */
  entries: Map<number, OutboxEntry>;
}

/** The open conflicts and failed changes, live, for the conflicts panel. */
export function useSyncIssues(): SyncIssues {
  const issues = useReplicaQuery(async (reader) => {
    const [conflicts, outbox] = await Promise.all([reader.conflicts(), reader.outbox()]);
    return { conflicts, outbox };
  }, []);
  const outbox = issues?.outbox ?? [];
  return {
    conflicts: issues?.conflicts ?? [],
    failures: outbox.filter((entry) => entry.state === 'failed'),
    entries: new Map(outbox.map((entry) => [entry.seq ?? 0, entry])),
  };
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/** navigator.onLine, following the online/offline events. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, browserOnline, browserOnline);
}

/** Changes on this device the server has not confirmed: pending, in conflict or failed (the sign-out warning). */
export function useUnsyncedCount(): number | undefined {
  return useReplicaQuery(async (reader) => (await reader.outbox()).length, []);
}
