import { splitPending } from '@/db/outbox-counts';
import type { MemoryReplicaStore } from '@/db/memory-replica';
import { createRecordReader } from '@/sync/local-query';
import type { ReplicaReader } from './reader';

/**
 * The reads over the in-memory replica (jsdom tests and tools, which have no IndexedDB): records by
 * key, the outbox, conflicts and meta through transactions; lists by type and searches over the
 * committed records, answered by the same local query reader the Dexie replica's results feed.
 */
export function storeReader(store: MemoryReplicaStore): ReplicaReader {
  const listing = () => createRecordReader(store.records());
  return {
    record: (key) => store.transaction((tx) => tx.getResource(key)),
    recordsOfType: async (resourceType) =>
      store.records().filter((record) => record.resourceType === resourceType),
    outbox: () => store.transaction((tx) => tx.listOutbox()),
    outboxOf: (key) => store.transaction((tx) => tx.outboxOf(key)),
    conflicts: () => store.transaction((tx) => tx.listConflicts()),
    async counts() {
      const { outbox, conflicts } = await store.transaction(async (tx) => ({
        outbox: await tx.listOutbox(),
        conflicts: await tx.listConflicts(),
      }));
      return {
        ...splitPending(outbox),
        failed: outbox.filter((entry) => entry.state === 'failed').length,
        conflicts: conflicts.length,
      };
    },
    meta: (key) => store.transaction((tx) => tx.getMeta(key)),
    definition: (key) => store.transaction((tx) => tx.getDefinition(key)),
    search: {
      listResources: (resourceType, conditions) => listing().listResources(resourceType, conditions),
      getResources: (keys) =>
        store.transaction(async (tx) => {
          const found = await Promise.all(keys.map((key) => tx.getResource(key)));
          return found.filter((record) => record !== undefined);
        }),
      distinctValues: (resourceType, field) => listing().distinctValues(resourceType, field),
      queuePage: (read) => listing().queuePage(read),
    },
  };
}
