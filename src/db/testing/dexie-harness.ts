import Dexie from 'dexie';
import { DexieReplicaStore } from '../dexie-replica';
import type { ReplicaDatabaseOptions } from '../database';

let opened = 0;

/** A database name no other test uses, so tests in one page never see each other's rows. */
export function uniqueDatabaseName(label: string): string {
  opened += 1;
  return `carequeue-test-${label}-${Date.now()}-${opened}`;
}

/** A replica in a database of its own; `dispose` closes it and deletes the database. */
export function openTestReplica(label: string, options: Omit<ReplicaDatabaseOptions, 'name'> = {}) {
  const name = uniqueDatabaseName(label);
  const store = new DexieReplicaStore({ durability: 'relaxed', ...options, name });
  return {
    name,
    store,
    dispose: async () => {
      store.close();
      await Dexie.delete(name);
    },
  };
}
