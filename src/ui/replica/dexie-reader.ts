import { recordsOfType, type ReplicaDatabase } from '@/db/database';
import { splitPending } from '@/db/outbox-counts';
import { dexieQueryReader } from '@/db/query-reader';
import { RecordCache } from '@/db/record-cache';
import type { ReplicaReader } from './reader';

/**
 * The reads of the hooks on the replica in IndexedDB. Searches answer from the page's copy of a type
 * (kept current from the replica's change reports); a whole type's records are read from IndexedDB.
 */
export function dexieReader(db: ReplicaDatabase): ReplicaReader {
  const cache = new RecordCache(db);
  return {
    record: (key) => db.resources.get(key),
    recordsOfType: (resourceType) => recordsOfType(db.resources, resourceType).toArray(),
    outbox: () => db.outbox.orderBy('seq').toArray(),
    outboxOf: (key) => db.outbox.where('key').equals(key).sortBy('seq'),
    conflicts: () => db.conflicts.orderBy('seq').toArray(),
    async counts() {
      const [pending, failed, conflicts] = await Promise.all([
        db.outbox.where('state').equals('pending').count(),
        db.outbox.where('state').equals('failed').count(),
        db.conflicts.count(),
      ]);
      // Only a conflict or failure can hold changes back: then the outbox is read to find them.
      if (failed + conflicts === 0) return { pending, blocked: 0, failed, conflicts };
      return { ...splitPending(await db.outbox.orderBy('seq').toArray()), failed, conflicts };
    },
    async meta<T>(key: string) {
      return (await db.meta.get(key))?.value as T | undefined;
    },
    definition: (key) => db.definitions.get(key),
    search: dexieQueryReader(db, cache),
  };
}
