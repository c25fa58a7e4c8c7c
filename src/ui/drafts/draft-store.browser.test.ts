import { describe, expect, it } from 'vitest';
import { metaTableStorage } from '@/db/kv-storage';
import { DexieReplicaStore } from '@/db/dexie-replica';
import { openTestReplica } from '@/db/testing/dexie-harness';
import { DraftStore } from './draft-store';

describe('drafts in the replica', () => {
  it('survive a reopen of the database (a closed tab, a crash) in the value shape the form keeps', async () => {
    const replica = openTestReplica('drafts-reopen');
    try {
      const key = DraftStore.key('Practitioner/me', 'edit:Patient/p1');
      await new DraftStore(metaTableStorage(replica.store.db)).write(key, {
        resourceType: 'Patient',
        id: 'p1',
        name: [{ family: 'Ruiz' }],
      });
      replica.store.close();
      const reopened = new DexieReplicaStore({ name: replica.name });
      try {
        expect(await new DraftStore(metaTableStorage(reopened.db)).read(key)).toEqual({
          resourceType: 'Patient',
          id: 'p1',
          name: [{ family: 'Ruiz' }],
        });
      } finally {
        reopened.close();
      }
    } finally {
      await replica.dispose();
    }
  });

  it("are wiped with the replica at sign-out, and one user's draft is not another's", async () => {
    const replica = openTestReplica('drafts-wipe');
    try {
      const drafts = new DraftStore(metaTableStorage(replica.store.db));
      const mine = DraftStore.key('Practitioner/me', 'note:Task/t1');
      await drafts.write(mine, 'Call the lab');
      expect(await drafts.read(DraftStore.key('Practitioner/bob', 'note:Task/t1'))).toBeUndefined();
      expect(await drafts.read(mine)).toBe('Call the lab');
      await replica.store.wipe();
      expect(await drafts.read(mine)).toBeUndefined();
    } finally {
      await replica.dispose();
    }
  });
});
