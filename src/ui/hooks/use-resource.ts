import type { Resource } from '@medplum/fhirtypes';
import { resourceKey, type ConflictRecord, type OutboxEntry, type StoredResource } from '@/db/types';
import { useCallback, useEffect, useMemo } from 'react';
import { useReplicaContext } from '../ReplicaProvider';
import { useSameAnswer } from '../same-answer';
import { useReplicaQuery } from '../use-replica-query';
import { usePendingOverlay } from './use-commands';

/** What useResource reads: the record with its open conflicts and its outbox entries. */
interface ResourceAnswer {
  record: StoredResource | undefined;
  conflicts: ConflictRecord[];
  outbox: OutboxEntry[];
}

const NO_CONFLICTS: ConflictRecord[] = [];

/** The name a resource's read is remembered under (a key holds its type and id). */
const answerName = (key: string): string => `resource ${key}`;

export interface ResourceState<T extends Resource> {
  /** What the user sees: the server's version with this device's unsent changes on top. */
  resource?: T;
  record?: StoredResource;
  /** Changes of this resource not yet confirmed by the server. */
  pending: number;
  /** The open conflicts of this resource, oldest first. */
  conflicts: ConflictRecord[];
  inConflict: boolean;
  /** Changes of this resource the server rejected for good. */
  failures: OutboxEntry[];
  /** Deleted here, not yet confirmed (or not in the replica at all once loaded: see `found`). */
  deleted: boolean;
  found: boolean;
  loading: boolean;
}

/** One resource from the replica, live, with its sync state. */
export function useResource<T extends Resource = Resource>(
  resourceType: string,
  id: string | undefined
): ResourceState<T> {
  const key = id ? resourceKey(resourceType, id) : '';
  const state = useReplicaQuery<ResourceAnswer>(
    async (reader) => {
      if (!key) return { record: undefined, conflicts: [], outbox: [] };
      const [record, conflicts, outbox] = await Promise.all([
        reader.record(key),
        reader.conflicts(),
        reader.outboxOf(key),
      ]);
      return { record, conflicts: conflicts.filter((conflict) => conflict.key === key), outbox };
    },
    [key],
    // A page opened from a list's row draws what the row offered while its read runs.
    key ? { remember: answerName(key) } : undefined
  );
  // The answer is kept for the page's life only: a page opened later any other way (the back button,
  // a link) reads first, and never draws a sync state that may have changed since it closed.
  const { recent } = useReplicaContext();
  useEffect(() => (key ? () => recent.forget(answerName(key)) : undefined), [recent, key]);
  const overlay = usePendingOverlay();
  const shownChanges = overlay.getSnapshot();
  const stored = state?.record;
  // With the changes the replica does not hold yet drawn over it.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- apply's answer changes with the snapshot
  const record = useMemo(() => stored && overlay.apply(stored), [overlay, stored, shownChanges]);
  const drawn = record && stored ? record.pending - stored.pending : 0;
  // The same lists while they hold the same entries: a read that changed nothing redraws nothing.
  const conflicts = useSameAnswer(state?.conflicts ?? NO_CONFLICTS);
  const failures = useSameAnswer((state?.outbox ?? []).filter((entry) => entry.state === 'failed'));
  // The same object while the resource reads the same (the overlay's copy, then the replica's), so
  // what is drawn from it can skip a redraw.
  const resource = useSameAnswer(record && record.deleted === 0 ? record.resource : undefined);
  return {
    resource: resource as T | undefined,
    record,
    pending: (state?.outbox ?? []).filter((entry) => entry.state === 'pending').length + drawn,
    conflicts,
    inConflict: conflicts.length > 0,
    failures,
    deleted: record?.deleted === 1,
    found: !!record,
    loading: state === undefined,
  };
}

/**
 * Offers a record a list drew as the first answer of its resource's page, to be called as its row is
 * opened: the page then draws whole in the click's own render, not after a replica read, and its
 * read follows with anything newer. Only a record with nothing unsent is offered, its sync state (no change waiting,
 * none in conflict or refused) being then known without the outbox; for any other, what was
 * remembered of the resource is forgotten and the page reads it first.
 */
export function useOfferResource(): (record: StoredResource) => void {
  const { recent } = useReplicaContext();
  return useCallback(
    (record: StoredResource) => {
      const name = answerName(record.key);
      if (record.pending > 0) recent.forget(name);
      else recent.set(name, { record, conflicts: NO_CONFLICTS, outbox: [] } satisfies ResourceAnswer);
    },
    [recent]
  );
}
