import type { ReplicaDatabase } from '@/db/database';
import { splitPending } from '@/db/outbox-counts';
import { dexieQueryReader } from '@/db/query-reader';
import type { ReplicaReader } from './reader';

/**
 * The reads of the hooks on the replica in IndexedDB, through Dexie tables only (so live queries
 * observe them in every tab).
 */
export function dexieReader(db: ReplicaDatabase): ReplicaReader {
  return {
    record: (key) => db.resources.get(key),
    recordsOfType: (resourceType) => db.resources.where('resourceType').equals(resourceType).toArray(),
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
    search: dexieQueryReader(db),
  };
}
