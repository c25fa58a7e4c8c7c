import { describe, expect, it, vi } from 'vitest';
import { MemoryReplicaStore } from '@/db/memory-replica';
import { outboxEntry, task } from '@/db/testing/fixtures';
import type { ReplicaTransaction } from '@/db/types';
import { storeReader } from '@/ui/replica/memory-reader';
import { countOutbox } from './counts';

async function conflictOn(tx: ReplicaTransaction, key: string, label: string): Promise<void> {
  const seq = await tx.addOutbox(outboxEntry(key, label, { state: 'conflict' }));
  await tx.putConflict({ seq, key, label, mine: task(key.split('/')[1] ?? ''), detectedAt: 'now' });
}

/** A store whose task a has a conflict and a note queued behind it, plus what `more` adds. */
async function conflictOnAThenNote(
  more: (tx: ReplicaTransaction) => Promise<void>
): Promise<MemoryReplicaStore> {
  const store = new MemoryReplicaStore();
  await store.transaction(async (tx) => {
    await conflictOn(tx, 'Task/a', 'Claim Task');
    await tx.addOutbox(outboxEntry('Task/a', 'Add Note'));
    await more(tx);
  });
  return store;
}

describe('countOutbox', () => {
  it('changes held behind a conflict or failure of their task are blocked, not waiting to sync', async () => {
    const store = await conflictOnAThenNote(async (tx) => {
      await tx.addOutbox(outboxEntry('Task/a', 'Complete Task'));
      await tx.addOutbox(outboxEntry('Task/b', 'Delete Task', { state: 'failed' }));
      await tx.addOutbox(outboxEntry('Task/b', 'Add Note'));
      await tx.addOutbox(outboxEntry('Task/c', 'Add Note'));
    });
    expect(await store.transaction(countOutbox)).toEqual({ pending: 1, blocked: 3, conflicts: 1, failed: 1 });
  });

  it('an entry made before the conflict of its task is still sent (not blocked)', async () => {
    const store = new MemoryReplicaStore();
    await store.transaction(async (tx) => {
      await tx.addOutbox(outboxEntry('Task/a', 'Add Note'));
      await conflictOn(tx, 'Task/a', 'Claim Task');
    });
    expect(await store.transaction(countOutbox)).toEqual({ pending: 1, blocked: 0, conflicts: 1, failed: 0 });
  });

  it('without conflicts or failures the outbox is counted by state, not read', async () => {
    const store = new MemoryReplicaStore();
    await store.transaction(async (tx) => {
      await tx.addOutbox(outboxEntry('Task/a', 'Claim Task'));
      await tx.addOutbox(outboxEntry('Task/a', 'Add Note'));
    });
    const counts = await store.transaction(async (tx) => {
      const listOutbox = vi.spyOn(tx, 'listOutbox');
      const found = await countOutbox(tx);
      expect(listOutbox).not.toHaveBeenCalled();
      return found;
    });
    expect(counts).toEqual({ pending: 2, blocked: 0, conflicts: 0, failed: 0 });
  });

  it("the header's counts do not show changes held behind a conflict as waiting to sync", async () => {
    const store = await conflictOnAThenNote(async (tx) => {
      await tx.addOutbox(outboxEntry('Task/c', 'Add Note'));
    });
    expect(await storeReader(store).counts()).toEqual({ pending: 1, blocked: 1, conflicts: 1, failed: 0 });
  });
});
