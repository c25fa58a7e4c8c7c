import type { Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { hold, pairHolding, type Device } from '@/sync/engine/testing/harness';
import { listeningFakeServer } from '@/sync/engine/testing/fake-server';
import type { LocalChange } from '@/sync/engine/types';
import { MemoryReplicaStore } from '@/db/memory-replica';
import type { ReplicaTransaction } from '@/db/types';
import { noteOwnVersion, noteOwnVersions, pastOwnVersions } from '@/sync/engine/own-versions';

const baseUrl = listeningFakeServer();

let taskOffset = 70;
const pair = () => pairHolding(baseUrl, taskOffset++);

/**
 * A form's edit of one field, made on the version the form opened (`opened`), as the resource edit
 * page makes it: the server tests that version, not the replica's current one.
 */
function edit(task: Task, path: '/description' | '/priority', value: string, opened?: string): LocalChange {
  return {
    resourceType: 'Task',
    id: task.id,
    kind: 'patch',
    operations: [{ op: 'add', path, value }],
    commutes: false,
    replaces: true,
    label: 'Edit Task',
    ...(opened ? { baseVersionId: opened } : {}),
  };
}

const serverVersion = async (target: Device, task: Task) =>
  (await target.record('Task', task.id ?? ''))?.server?.meta?.versionId;
const onServer = (target: Device, task: Task) =>
  target.server.read<Task>('Task', task.id ?? '', { noCache: true });
const outbox = (target: Device) => target.replica.transaction((tx) => tx.listOutbox());

describe("a form opened while this device's own change waited", () => {
  it('saves on the version that change made: no conflict with the device itself', async () => {
    const { doctor, task } = await pair();
    await doctor.engine.applyChange(edit(task, '/description', 'First edit'));
    // The form opens now, on the server version under the waiting change (it shows that change).
    const opened = await serverVersion(doctor, task);
    // The waiting change is sent and confirmed while the form is open.
    expect(await doctor.engine.syncNow()).toMatchObject({ pending: 0, conflicts: 0 });
    expect(await serverVersion(doctor, task)).not.toBe(opened);

    await doctor.engine.applyChange(edit(task, '/priority', 'urgent', opened));
    const [entry] = await outbox(doctor);
    expect(entry?.baseVersionId).toBe(await serverVersion(doctor, task));
    expect(await doctor.engine.syncNow()).toMatchObject({ pending: 0, conflicts: 0, failed: 0 });
    expect(await onServer(doctor, task)).toMatchObject({ description: 'First edit', priority: 'urgent' });
  });

  it('also after its answer was lost and the change was found applied on the server', async () => {
    const { doctor, task } = await pair();
    doctor.faults.inject('PATCH', /\/Task\//, 'lose-response');
    await doctor.engine.applyChange(edit(task, '/description', 'Answer lost'));
    const opened = await serverVersion(doctor, task);
    await doctor.engine.syncNow();
    doctor.clock.advance(10 * 60_000);
    expect(await doctor.engine.syncNow()).toMatchObject({ pending: 0, conflicts: 0 });

    await doctor.engine.applyChange(edit(task, '/priority', 'asap', opened));
    expect(await doctor.engine.syncNow()).toMatchObject({ pending: 0, conflicts: 0, failed: 0 });
    expect(await onServer(doctor, task)).toMatchObject({ description: 'Answer lost', priority: 'asap' });
  });

  it("still meets another user's change made after the device's own one as a conflict", async () => {
    const { doctor, nurse, task } = await pair();
    await doctor.engine.applyChange(edit(task, '/description', 'Doctor edit'));
    const opened = await serverVersion(doctor, task);
    await doctor.engine.syncNow();
    // The nurse changes the same field on top of the doctor's version; the doctor's device pulls it.
    await hold(nurse, await onServer(doctor, task));
    await nurse.engine.applyChange(edit(await onServer(doctor, task), '/description', 'Nurse edit'));
    expect(await nurse.engine.syncNow()).toMatchObject({ pending: 0, conflicts: 0 });
    await hold(doctor, await onServer(doctor, task));

    await doctor.engine.applyChange(edit(task, '/description', 'Doctor again', opened));
    expect(await doctor.engine.syncNow()).toMatchObject({ conflicts: 1 });
    expect((await onServer(doctor, task)).description).toBe('Nurse edit');
  });

  it("an edit on a version another user made before the device's own change is still tested", async () => {
    const { doctor, nurse, task } = await pair();
    const opened = await serverVersion(doctor, task);
    await nurse.engine.applyChange(edit(task, '/description', 'Nurse edit'));
    await nurse.engine.syncNow();
    await hold(doctor, await onServer(doctor, task));

    await doctor.engine.applyChange(edit(task, '/description', 'Doctor edit', opened));
    expect(await doctor.engine.syncNow()).toMatchObject({ conflicts: 1 });
    expect((await onServer(doctor, task)).description).toBe('Nurse edit');
  });
});

describe('own versions noted together', () => {
  it('noting a batch of confirmed changes leaves the same walk as noting each in turn, so no own change is met as a colleague’s', async () => {
    const versions = [
      { key: 'Task/a', from: '1', to: '2' },
      { key: 'Task/b', from: '7', to: '8' },
      { key: 'Task/a', from: '2', to: '3' },
      { key: 'Task/c', from: '4', to: '4' },
    ];
    const walks = async (note: (tx: ReplicaTransaction) => Promise<void>) => {
      const replica = new MemoryReplicaStore();
      await replica.transaction(note);
      return replica.transaction(async (tx) => [
        await pastOwnVersions(tx, 'Task/a', '1'),
        await pastOwnVersions(tx, 'Task/b', '7'),
        await pastOwnVersions(tx, 'Task/c', '4'),
      ]);
    };
    const together = await walks((tx) => noteOwnVersions(tx, versions));
    const inTurn = await walks(async (tx) => {
      for (const { key, from, to } of versions) await noteOwnVersion(tx, key, from, to);
    });
    expect(together).toEqual(['3', '8', '4']);
    expect(together).toEqual(inTurn);
  });
});
