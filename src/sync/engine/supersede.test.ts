import type { Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { ALICE_SMITH_ID } from '@mocks/seed';
import { ALICE, device, hold, unownedTask, type Device } from '@/sync/engine/testing/harness';
import { listeningFakeServer } from '@/sync/engine/testing/fake-server';
import { taskChanges } from '@/sync/engine/testing/task-changes';
import type { LocalChange } from '@/sync/engine/types';
import { outcome } from '@/sync/testing/fake-network';

const baseUrl = listeningFakeServer();

let taskOffset = 0;
async function setup(): Promise<{ doctor: Device; task: Task }> {
  const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID);
  const task = await unownedTask(doctor.server, taskOffset++);
  await hold(doctor, task);
  return { doctor, task };
}

/** A form's edit of the task's description: the whole resource as the user wants it. */
function describeTask(task: Task, description: string, label = 'Edit Task'): LocalChange {
  const op = task.description === undefined ? 'add' : 'replace';
  return {
    resourceType: 'Task',
    id: task.id,
    kind: 'patch',
    operations: [{ op, path: '/description', value: description }],
    commutes: false,
    replaces: true,
    label,
  };
}

const outbox = (target: Device) => target.replica.transaction((tx) => tx.listOutbox());
const shown = async (target: Device, id: string | undefined) =>
  (await target.record('Task', id ?? ''))?.resource as Task;
const onServer = (target: Device, id: string | undefined) =>
  target.server.read<Task>('Task', id ?? '', { noCache: true });

describe('a newer whole-resource edit supersedes its queued and refused predecessors', () => {
  it('saving the fix replaces the refused change: one entry, pending, and the fix lands', async () => {
    const { doctor, task } = await setup();
    doctor.faults.inject('PATCH', /\/Task\//, () => outcome('Description too rude'));
    await doctor.engine.applyChange(describeTask(task, 'Rude words'));
    expect(await doctor.engine.syncNow()).toMatchObject({ failed: 1 });

    await doctor.engine.applyChange(describeTask(await shown(doctor, task.id), 'Kind words', 'Fix Task'));
    const entries = await outbox(doctor);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      state: 'pending',
      label: 'Fix Task',
      baseVersionId: task.meta?.versionId,
    });
    expect(doctor.engine.status()).toMatchObject({ failed: 0, pending: 1 });

    expect(await doctor.engine.syncNow()).toMatchObject({ pending: 0, failed: 0, conflicts: 0 });
    expect((await onServer(doctor, task.id)).description).toBe('Kind words');
  });

  it('queued edits after the first fold into one; the first, which may be on its way, is left alone', async () => {
    const { doctor, task } = await setup();
    doctor.faults.inject('PATCH', /\/Task\//, 'offline', Infinity);
    doctor.faults.inject('POST', /\/fhir\/R4\/$/, 'offline', Infinity);
    await doctor.engine.applyChange(describeTask(task, 'First'));
    await doctor.engine.applyChange(describeTask(await shown(doctor, task.id), 'Second'));
    await doctor.engine.applyChange(describeTask(await shown(doctor, task.id), 'Third'));
    expect((await outbox(doctor)).map((entry) => entry.state)).toEqual(['pending', 'pending']);
    expect((await shown(doctor, task.id)).description).toBe('Third');

    doctor.faults.clear();
    doctor.clock.advance(10 * 60_000);
    expect(await doctor.engine.syncNow()).toMatchObject({ pending: 0, failed: 0, conflicts: 0 });
    expect((await onServer(doctor, task.id)).description).toBe('Third');
    // Two edits travel: the first, then the second and third as one.
    expect(doctor.faults.count('PATCH', /\/Task\//)).toBe(2);
  });

  it('an edit being uploaded is not superseded: both reach the server in order, without a conflict', async () => {
    const { doctor, task } = await setup();
    let during: Promise<unknown> | undefined;
    doctor.faults.inject('PATCH', /\/Task\//, async (url, init) => {
      // The user saves again while the first edit is on its way.
      during = doctor.engine.applyChange(describeTask({ ...task, description: 'First' }, 'Second'));
      await during;
      return globalThis.fetch(url, init);
    });
    await doctor.engine.applyChange(describeTask(task, 'First'));
    await doctor.engine.syncNow();
    await during;
    expect(await doctor.engine.syncNow()).toMatchObject({ pending: 0, failed: 0, conflicts: 0 });
    expect((await onServer(doctor, task.id)).description).toBe('Second');
  });

  it('a note between a refused edit and its fix keeps its place: nothing is folded', async () => {
    const { doctor, task } = await setup();
    doctor.faults.inject('PATCH', /\/Task\//, () => outcome('Description too rude'));
    await doctor.engine.applyChange(describeTask(task, 'Rude words'));
    await doctor.engine.syncNow();
    await doctor.engine.applyChange(
      taskChanges.note(await shown(doctor, task.id), 'In between', ALICE, '2024-05-01T10:00:00Z')
    );
    await doctor.engine.applyChange(describeTask(await shown(doctor, task.id), 'Kind words'));
    expect((await outbox(doctor)).map((entry) => entry.state)).toEqual(['failed', 'pending', 'pending']);
  });

  it('an edit without the flag is queued after a refused one, as before', async () => {
    const { doctor, task } = await setup();
    doctor.faults.inject('PATCH', /\/Task\//, () => outcome('Description too rude'));
    await doctor.engine.applyChange(describeTask(task, 'Rude words'));
    await doctor.engine.syncNow();
    const { replaces: _replaces, ...plain } = describeTask(await shown(doctor, task.id), 'Kind words');
    await doctor.engine.applyChange(plain);
    expect((await outbox(doctor)).map((entry) => entry.state)).toEqual(['failed', 'pending']);
  });
});
