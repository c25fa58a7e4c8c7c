import { recordsOfType, type ReplicaDatabase } from './database';
import { QUEUE_RANGE_END, queueKeys } from './queue-keys';
import { RecordCache } from './record-cache';
import type {
  FieldCondition,
  QueueField,
  QueuePage,
  QueueRead,
  ReplicaQueryReader,
  ResourceKey,
  StoredResource,
} from './types';

/** Most selective first: an owner or a patient narrows to a few records, a status to many. */
const SELECTIVITY: readonly QueueField[] = ['owner', 'patient', 'patientState', 'performer', 'status'];

/** Whether a record satisfies a condition; the rule every reader follows. */
export function meetsCondition(record: StoredResource, condition: FieldCondition): boolean {
  const value = record[condition.field];
  if (value === undefined) return false;
  if (Array.isArray(value)) return value.some((v) => condition.anyOf.includes(v));
  return condition.anyOf.includes(value);
}

/** The rank in the first of these queues the entries are in; undefined when in none. */
function rankIn(entries: readonly string[], prefixes: readonly string[]): string | undefined {
  for (const entry of entries) {
    const prefix = prefixes.find((p) => entry.startsWith(p));
    if (prefix !== undefined) return entry.slice(prefix.length);
  }
  return undefined;
}

/**
 * Merges the first rows of each queue (each in queue order) into one page: a task is in at most one
 * of the queues, so the page is the first `offset + count` of the merge, sliced.
 */
function mergePage(lists: readonly StoredResource[][], read: QueueRead, total: number): QueuePage {
  const ranked = lists
    .flat()
    .map((record) => ({ record, rank: rankIn(record.queue ?? [], read.prefixes) ?? '' }));
  ranked.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  return { records: ranked.slice(read.offset, read.offset + read.count).map((row) => row.record), total };
}

/**
 * A queue page over records held in memory, their queue entries computed from their fields: the
 * reference the IndexedDB reader is checked against.
 */
export function queuePageOf(records: Iterable<StoredResource>, read: QueueRead): QueuePage {
  const members: StoredResource[] = [];
  for (const record of records) {
    const queue = queueKeys(record);
    if (rankIn(queue, read.prefixes) !== undefined) members.push({ ...record, queue });
  }
  return mergePage([members], read, members.length);
}

/**
 * What the local query engine reads from IndexedDB. Queue pages come from the queue index. Other
 * searches list a type: from the page's copy of the type when it has one (kept current from the
 * replica's change reports), else through one index (the most selective condition), the other
 * conditions tested on the rows it loaded; a listing of a whole type fills the copy.
 */
export function dexieQueryReader(db: ReplicaDatabase, cache = new RecordCache(db)): ReplicaQueryReader {
  return {
    async listResources(resourceType, conditions) {
      if (conditions.length === 0 || cache.holds(resourceType)) {
        const rows = await cache.recordsOfType(resourceType);
        return rows.filter((record) => conditions.every((condition) => meetsCondition(record, condition)));
      }
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
        : await recordsOfType(db.resources, resourceType).toArray();
      return rows.filter(
        (record) =>
          record.resourceType === resourceType && rest.every((condition) => meetsCondition(record, condition))
      );
    },
    async getResources(keys: readonly ResourceKey[]) {
      const rows = await db.resources.bulkGet([...keys]);
      return rows.filter((row): row is StoredResource => row !== undefined);
    },
    async queuePage(read) {
      const ranges = read.prefixes.map((prefix) =>
        db.resources.where('queue').between(prefix, prefix + QUEUE_RANGE_END, true, false)
      );
      if (ranges.length === 1 && ranges[0]) {
        const [records, total] = await Promise.all([
          read.count === 0 ? [] : ranges[0].clone().offset(read.offset).limit(read.count).toArray(),
          ranges[0].count(),
        ]);
        return { records, total };
      }
      const lists = await Promise.all(
        ranges.map((range) =>
          range
            .clone()
            .limit(read.offset + read.count)
            .toArray()
        )
      );
      const counts = await Promise.all(ranges.map((range) => range.count()));
      return mergePage(
        lists,
        read,
        counts.reduce((sum, n) => sum + n, 0)
      );
    },
    async distinctValues(resourceType, field) {
      const keys = await db.resources.orderBy(field).uniqueKeys();
      return keys.filter((key): key is string => typeof key === 'string');
    },
  };
}
