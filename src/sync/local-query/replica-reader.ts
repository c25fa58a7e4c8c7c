import type { Resource } from '@medplum/fhirtypes';
import type { ReplicaQueryReader, ResourceKey, StoredResource } from '@/db/types';
import { recordState } from '@/db/derive';
import { meetsCondition, queuePageOf } from '@/db/query-reader';

export type { FieldCondition, QueueField, ReplicaQueryReader } from '@/db/types';
export { meetsCondition };

/** Records the user sees: those not deleted here, as `resource` (server version plus local changes). */
export function liveResources(records: Iterable<StoredResource>): Resource[] {
  const out: Resource[] = [];
  for (const record of records) if (record.deleted !== 1) out.push(record.resource);
  return out;
}

/**
 * A reader over records already in memory, testing every condition: for tests, tools, and as the
 * reference a replica's reader is checked against.
 */
export function createRecordReader(records: Iterable<StoredResource>): ReplicaQueryReader {
  const byKey = new Map<ResourceKey, StoredResource>();
  for (const record of records) byKey.set(record.key, record);
  const ofType = (resourceType: string): StoredResource[] =>
    [...byKey.values()].filter((record) => record.resourceType === resourceType);
  return {
    async listResources(resourceType, conditions) {
      return ofType(resourceType).filter((record) => conditions.every((c) => meetsCondition(record, c)));
    },
    async getResources(keys) {
      return keys.flatMap((key) => {
        const record = byKey.get(key);
        return record ? [record] : [];
      });
    },
    async distinctValues(resourceType, field) {
      const values = new Set<string>();
      for (const record of ofType(resourceType)) {
        const value = record[field];
        if (Array.isArray(value)) value.forEach((v) => values.add(v));
        else if (value !== undefined) values.add(value);
      }
      return [...values];
    },
    async queuePage(read) {
      // Each task's patient state as a store derives it from the patient's record.
      const tasks = ofType('Task').map((task) =>
        task.patient ? { ...task, patientState: recordState(byKey.get(task.patient)) } : task
      );
      return queuePageOf(tasks, read);
    },
  };
}
