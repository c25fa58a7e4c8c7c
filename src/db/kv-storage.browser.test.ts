import { describe, expect, it } from 'vitest';
import { DexieReplicaStore } from './dexie-replica';
import { metaTableStorage } from './kv-storage';
import { openTestReplica } from './testing/dexie-harness';

describe('key-value storage in the meta table', () => {
  it('keeps a session token across a reopen (no sign-in lost when the tab closes)', async () => {
    const replica = openTestReplica('kv');
    try {
      const storage = metaTableStorage(replica.store.db);
      expect(await storage.get('session')).toBeNull();
      await storage.set('session', '{"accessToken":"a"}');
      replica.store.close();

      const reopened = new DexieReplicaStore({ name: replica.name });
      try {
        const again = metaTableStorage(reopened.db);
        expect(await again.get('session')).toBe('{"accessToken":"a"}');
        await again.set('session', '{"accessToken":"b"}');
        expect(await again.get('session')).toBe('{"accessToken":"b"}');
        await again.remove('session');
        expect(await again.get('session')).toBeNull();
      } finally {
        reopened.close();
      }
    } finally {
      await replica.dispose();
    }
  });

  it("does not collide with the sync engine's meta values, and sign-out's wipe removes it", async () => {
    const replica = openTestReplica('kv-wipe');
    try {
      const storage = metaTableStorage(replica.store.db);
      await replica.store.transaction((tx) => tx.putMeta('session', { engine: true }));
      await storage.set('session', 'token');
      expect(await replica.store.transaction((tx) => tx.getMeta('session'))).toEqual({ engine: true });
      expect(await storage.get('session')).toBe('token');
      await replica.store.wipe();
      expect(await storage.get('session')).toBeNull();
    } finally {
      await replica.dispose();
    }
  });
});
