import type { Resource } from '@medplum/fhirtypes';
import type { ResourceKey, StoredResource } from '../../db/types';

/** The queue fields of StoredResource that the replica indexes (see src/db/types.ts). */
export type QueueField = 'owner' | 'status' | 'performer' | 'patient' | 'patientState';

/**
 * Records whose field holds one of the values exactly: for `performer`, any of its codes; an unowned
 * Task has owner ''. A record without the field never satisfies a condition.
 */
export interface FieldCondition {
  field: QueueField;
  anyOf: readonly string[];
}

/**
 * What the local query engine reads from the replica. The Dexie replica answers `listResources` with
 * one index (`where(field).anyOf(values)`, multi-entry for performer) and may test the remaining
 * conditions on the records it loaded or leave them to the engine: every answer may be a superset.
 * Deleted records (deleted = 1) may be returned; the engine drops them.
 */
export interface ReplicaQueryReader {
  /** Records of a type satisfying every condition (all records of the type when there are none). */
  listResources(resourceType: string, conditions: readonly FieldCondition[]): Promise<StoredResource[]>;
  /** The records with these keys that exist, in any order. */
  getResources(keys: readonly ResourceKey[]): Promise<StoredResource[]>;
  /** The distinct values a queue field takes across the records of a type (an index's unique keys). */
  distinctValues(resourceType: string, field: QueueField): Promise<string[]>;
}

/** Whether a record satisfies a condition; the rule every reader follows. */
export function meetsCondition(record: StoredResource, condition: FieldCondition): boolean {
  const value = record[condition.field];
  if (value === undefined) return false;
  if (Array.isArray(value)) return value.some((v) => condition.anyOf.includes(v));
  return condition.anyOf.includes(value);
}

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
  };
}
