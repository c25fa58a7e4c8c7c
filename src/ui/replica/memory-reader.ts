import { splitPending } from '@/db/outbox-counts';
import type { ReplicaStore } from '@/db/types';
import type { ReplicaReader } from './reader';

/**
 * The reads over a replica that cannot be listed (the in-memory store of jsdom tests, which have no
 * IndexedDB): records by key, the outbox, conflicts and meta work; lists by type and searches are
 * empty. Searches are tested on the Dexie replica in real Chromium.
 */
export function storeReader(store: ReplicaStore): ReplicaReader {
  return {
    record: (key) => store.transaction((tx) => tx.getResource(key)),
    recordsOfType: async () => [],
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
    search: {
      listResources: async () => [],
      getResources: (keys) =>
        store.transaction(async (tx) => {
          const found = await Promise.all(keys.map((key) => tx.getResource(key)));
          return found.filter((record) => record !== undefined);
        }),
      distinctValues: async () => [],
    },
  };
}
