import type { ReplicaDatabase } from '@/db/database';
import { splitPending } from '@/db/outbox-counts';
import { dexieQueryReader } from '@/db/query-reader';
import { RecordCache } from '@/db/record-cache';
import type { ReplicaReader } from './reader';

/**
 * The reads of the hooks on the replica in IndexedDB. A whole type is read once into the page's
 * copy (kept current from the replica's change reports) and answered from it after that, for lists
 * and searches alike: a screen that re-reads on every change does not read the type again each time.
 */
export function dexieReader(db: ReplicaDatabase): ReplicaReader {
  const cache = new RecordCache(db);
  return {
    record: (key) => db.resources.get(key),
    recordsOfType: (resourceType) => cache.recordsOfType(resourceType),
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
