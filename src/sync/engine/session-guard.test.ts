import { describe, expect, it } from 'vitest';
import { ALICE_SMITH_ID } from '@mocks/seed';
import { MemoryReplicaStore } from '@/db/memory-replica';
import { sessionMark } from './session-guard';
import { listeningFakeServer } from './testing/fake-server';
import { device } from './testing/harness';
import { taskChanges } from './testing/task-changes';
import { META_SCOPE } from './types';

const baseUrl = listeningFakeServer();

/** What a wiped replica must still be after the run: empty. */
async function leftIn(replica: MemoryReplicaStore) {
  return replica.transaction(async (tx) => ({
    scope: await tx.getMeta(META_SCOPE),
    tasks: (await tx.keysOfType('Task')).length,
    cursor: await tx.getCursor('Task'),
    outbox: (await tx.listOutbox()).length,
  }));
}

describe('sign-out against a run under way', () => {
  it('a first load whose answers arrive after the replica was wiped stores nothing', async () => {
    const replica = new MemoryReplicaStore();
    const session = await sessionMark(replica, () => 'session-1');
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, { replica, session });
    let wiped = false;
    // Another tab signs out while this run waits for the server's first answer.
    doctor.faults.onAnswered = async () => {
      if (wiped) return;
      wiped = true;
      await replica.wipe();
    };
    const status = await doctor.engine.syncNow();
    expect(wiped).toBe(true);
    expect(status.lastError).toBe('Signed out');
    expect(await leftIn(replica)).toEqual({ scope: undefined, tasks: 0, cursor: undefined, outbox: 0 });
  });

  it('a signed-out session cannot queue a change, and a new sign-in starts a new session', async () => {
    const replica = new MemoryReplicaStore();
    const session = await sessionMark(replica, () => 'session-1');
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, { replica, session });
    await doctor.engine.syncNow();
    const [key] = await replica.transaction((tx) => tx.keysOfType('Task'));
    const task = (await replica.transaction((tx) => tx.getResource(key ?? '')))?.resource;
    expect(task?.resourceType).toBe('Task');

    await replica.wipe();
    expect(await sessionMark(replica, () => 'session-2')).toBe('session-2');
    await expect(
      doctor.engine.applyChange(taskChanges.status(task as never, 'on-hold', 'Pause Task'))
    ).rejects.toThrow('Signed out');
    expect(await leftIn(replica)).toEqual({ scope: undefined, tasks: 0, cursor: undefined, outbox: 0 });
  });
});
