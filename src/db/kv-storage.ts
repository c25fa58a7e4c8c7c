import type { ReplicaDatabase } from './database';

/**
 * A small asynchronous key-value store; structurally the KeyValueStorage of src/sync/platform.ts,
 * declared here so the replica does not depend on the sync layer above it.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Keys of the meta table written by this store start with this, apart from the sync engine's own. */
export const KV_PREFIX = 'kv:';

/**
 * Key-value storage in the replica's meta table, readable from the page, the sync worker and the
 * service worker alike (session tokens live here). Signing out wipes the replica and with it this.
 */
export function metaTableStorage(db: ReplicaDatabase, prefix = KV_PREFIX): KeyValueStore {
  return {
    async get(key) {
      const row = await db.meta.get(prefix + key);
      return typeof row?.value === 'string' ? row.value : null;
    },
    async set(key, value) {
      await db.meta.put({ key: prefix + key, value });
    },
    async remove(key) {
      await db.meta.delete(prefix + key);
    },
  };
}
