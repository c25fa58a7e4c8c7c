import { useMemo } from 'react';
import type { Coding, Resource } from '@medplum/fhirtypes';
import { type ConflictRecord, type OutboxEntry, useReplicaQuery, useValueSet } from '@/ui';

/**
 * The task screens' reads beyond the shared hooks of src/ui (useResource, useProfile, useUserQueues,
 * useValueSet, useCommands), all from the local replica: none waits on the network.
 */

/** Every live record of a type the replica holds (the Practitioners and Patients it knows). */
export function useRecordsOfType<T extends Resource>(
  resourceType: string
): { resources: T[]; loading: boolean } {
  const records = useReplicaQuery(
    async (reader) =>
      (await reader.recordsOfType(resourceType))
        .filter((record) => record.deleted === 0)
        .map((record) => record.resource as T),
    [resourceType]
  );
  return { resources: records ?? [], loading: records === undefined };
}

/** One record by key ('Patient/1'), undefined while loading or when the replica does not hold it. */
export function useRecordResource<T extends Resource>(key: string | undefined): T | undefined {
  const record = useReplicaQuery(
    async (reader) => (key ? ((await reader.record(key)) ?? null) : null),
    [key]
  );
  return record && record.deleted === 0 ? (record.resource as T) : undefined;
}

/** The outbox and the conflicts, for the watcher of this screen's changes. */
export function useOutboxAndConflicts(): { outbox: OutboxEntry[]; conflicts: ConflictRecord[] } | undefined {
  return useReplicaQuery(async (reader) => {
    const [outbox, conflicts] = await Promise.all([reader.outbox(), reader.conflicts()]);
    return { outbox, conflicts };
  }, []);
}

/** A value set's codings (task type, role, business status), from the replica. */
export function useCodings(url: string): { codings: Coding[]; loading: boolean } {
  const { codes, loading } = useValueSet(url);
  const codings = useMemo(
    () => codes.map(({ system, code, display }) => ({ system, code, display })),
    [codes]
  );
  return { codings, loading };
}

/** This device's changes of one resource that the server has not confirmed, oldest first. */
export function useOutboxOf(key: string): OutboxEntry[] {
  return useReplicaQuery((reader) => reader.outboxOf(key), [key]) ?? [];
}
