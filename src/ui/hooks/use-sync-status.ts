import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { ServiceStatus } from '@/sync/service/types';
import type { ConflictRecord, OutboxEntry } from '@/db/types';
import { useReplicaContext } from '../ReplicaProvider';
import { sameAnswer } from '../same-answer';
import { useReplicaQuery } from '../use-replica-query';

export interface SyncStatusView {
  /** False when the browser is offline or the server could not be reached. */
  online: boolean;
  syncing: boolean;
  /** Changes waiting to be sent, in every tab. */
  pending: number;
  /** Changes held back behind an earlier conflict or failure of the same resource, in every tab. */
  blocked: number;
  conflicts: number;
  failed: number;
  /** ISO instant of the last run that reached the server (this tab's or the leader's). */
  lastSyncedAt?: string;
  signedIn: boolean;
  /** While a first load fills the replica: the tasks stored so far; set once the first rows are in. */
  firstLoad?: { rows: number; percent: number };
  /** Why nothing syncs or saves, when the sync service never answered. */
  stopped?: string;
}

/**
 * A value taken from the sync service's status (`select` picks it); the caller draws again only when
 * that value changes, not on every status message (a first load sends one per chunk it stores). For
 * a screen that needs one fact of the run, such as whether the first sync is still under way.
 */
export function useServiceStatus<T>(select: (status: ServiceStatus) => T): T {
  const { statusStore } = useReplicaContext();
  const last = useRef<{ value: T } | undefined>(undefined);
  const snapshot = useCallback(() => {
    const next = select(statusStore.getSnapshot());
    if (last.current && sameAnswer(last.current.value, next)) return last.current.value;
    last.current = { value: next };
    return next;
  }, [statusStore, select]);
  return useSyncExternalStore(statusStore.subscribe, snapshot, snapshot);
}

/** True while the first sync of this account has not finished a run. */
export const inFirstSync = (status: ServiceStatus): boolean => status.syncing && !status.lastSyncedAt;

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
    blocked: counts?.blocked ?? status.blocked,
    conflicts: counts?.conflicts ?? status.conflicts,
    failed: counts?.failed ?? status.failed,
    lastSyncedAt: status.lastSyncedAt,
    signedIn: status.signedIn,
    firstLoad: status.loading,
    stopped: status.stopped,
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
