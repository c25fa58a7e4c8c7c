import type { ReplicaDatabase } from './database';
import type { FieldCondition, QueueField, ReplicaQueryReader, ResourceKey, StoredResource } from './types';

/** Most selective first: an owner or a patient narrows to a few records, a status to many. */
const SELECTIVITY: readonly QueueField[] = ['owner', 'patient', 'patientState', 'performer', 'status'];

/** Whether a record satisfies a condition; the rule every reader follows. */
export function meetsCondition(record: StoredResource, condition: FieldCondition): boolean {
  const value = record[condition.field];
  if (value === undefined) return false;
  if (Array.isArray(value)) return value.some((v) => condition.anyOf.includes(v));
  return condition.anyOf.includes(value);
}

/**
 * What the local query engine reads from IndexedDB: one index narrows (the most selective
 * condition), the other conditions are tested on the rows it loaded.
 */
export function dexieQueryReader(db: ReplicaDatabase): ReplicaQueryReader {
  return {
    async listResources(resourceType, conditions) {
      const ordered = [...conditions].sort(
        (a, b) => SELECTIVITY.indexOf(a.field) - SELECTIVITY.indexOf(b.field)
      );
      const [first, ...rest] = ordered;
      const rows = first
        ? await db.resources
            .where(first.field)
            .anyOf([...first.anyOf])
            .distinct()
            .toArray()
        : await db.resources.where('resourceType').equals(resourceType).toArray();
      return rows.filter(
        (record) =>
          record.resourceType === resourceType && rest.every((condition) => meetsCondition(record, condition))
      );
    },
    async getResources(keys: readonly ResourceKey[]) {
      const rows = await db.resources.bulkGet([...keys]);
      return rows.filter((row): row is StoredResource => row !== undefined);
    },
    async distinctValues(resourceType, field) {
      const keys = await db.resources.orderBy(field).uniqueKeys();
      return keys.filter((key): key is string => typeof key === 'string');
    },
  };
}
