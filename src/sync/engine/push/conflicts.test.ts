import type { Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import {
  ALICE,
  BOB,
  hold,
  notesOf,
  unownedTask,
  type Device,
  pairHolding,
} from '@/sync/engine/testing/harness';
import { listeningFakeServer } from '@/sync/engine/testing/fake-server';
import { taskChanges } from '@/sync/engine/testing/task-changes';
import { outcome } from '@/sync/testing/fake-network';

const baseUrl = listeningFakeServer();

let taskOffset = 40;
const pair = () => pairHolding(baseUrl, taskOffset++);

/** A status the task is not in already, so the change makes a new version. */
const otherStatus = (task: Task): Task['status'] => (task.status === 'on-hold' ? 'in-progress' : 'on-hold');

const read = (target: Device, id: string | undefined) =>
  target.server.read<Task>('Task', id ?? '', { noCache: true });

describe('conflicts', () => {
  it("a colleague's note does not erase mine: my note is re-based onto their version", async () => {
    const { doctor, nurse, task } = await pair();
    await nurse.engine.applyChange(taskChanges.note(task, 'Nurse note', BOB, '2024-05-01T10:00:00Z'));
    await doctor.engine.applyChange(taskChanges.note(task, 'Doctor note', ALICE, '2024-05-01T10:01:00Z'));
    await nurse.engine.syncNow();
    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ pending: 0, conflicts: 0 });
    const notes = notesOf(await read(doctor, task.id));
    expect(notes.filter((n) => n === 'Nurse note')).toHaveLength(1);
    expect(notes.filter((n) => n === 'Doctor note')).toHaveLength(1);
    expect(notesOf((await doctor.record('Task', task.id ?? ''))?.resource)).toEqual(notes);
  });

  it('performer types appended on two devices are both kept', async () => {
    const { doctor, nurse, task } = await pair();
    await nurse.engine.applyChange(taskChanges.performerType(task, '224535009', 'Registered Nurse'));
    await doctor.engine.applyChange(taskChanges.performerType(task, '158965000', 'Doctor'));
    await nurse.engine.syncNow();
    await doctor.engine.syncNow();
    const codes = ((await read(doctor, task.id)).performerType ?? []).map((t) => t.coding?.[0]?.code);
    expect(codes).toEqual(expect.arrayContaining(['224535009', '158965000']));
    expect(codes.length).toBe((task.performerType?.length ?? 0) + 2);
  });

  it('a claim on a task a colleague claimed first becomes a conflict with mine and theirs, not an overwrite', async () => {
    const { doctor, nurse, task } = await pair();
    await nurse.engine.applyChange(taskChanges.claim(task, BOB));
    await doctor.engine.applyChange(taskChanges.claim(task, ALICE));
    await nurse.engine.syncNow();
    const status = await doctor.engine.syncNow();
    expect(status.conflicts).toBe(1);
    const [conflict] = await doctor.replica.transaction((tx) => tx.listConflicts());
    expect(conflict?.label).toBe('Claim Task');
    expect((conflict?.mine as Task).owner?.reference).toBe(ALICE);
    expect((conflict?.theirs as Task).owner?.reference).toBe(BOB);
    expect((await read(doctor, task.id)).owner?.reference).toBe(BOB);
  });

  it('keeping theirs drops my change; a later change of what they did not change stays queued on theirs', async () => {
    const { doctor, nurse, task } = await pair();
    await nurse.engine.applyChange(taskChanges.status(task, otherStatus(task)));
    await doctor.engine.applyChange(taskChanges.status(task, 'completed', 'Complete Task'));
    const completed = (await doctor.record('Task', task.id ?? ''))?.resource as Task;
    await doctor.engine.applyChange(taskChanges.dueDate(completed, '2031-06-01'));
    await nurse.engine.syncNow();
    await doctor.engine.syncNow();
    const [conflict] = await doctor.replica.transaction((tx) => tx.listConflicts());
    // The due date waits behind the conflict of its task.
    expect((await read(doctor, task.id)).restriction).toEqual(task.restriction);

    await doctor.engine.resolveConflict(conflict?.seq ?? 0, 'theirs');
    expect(doctor.engine.status()).toMatchObject({ pending: 1, conflicts: 0 });
    const record = await doctor.record('Task', task.id ?? '');
    expect(record).toMatchObject({ pending: 1, status: otherStatus(task) });
    expect(await doctor.engine.syncNow()).toMatchObject({ pending: 0, conflicts: 0, failed: 0 });
    const onServer = await read(doctor, task.id);
    expect(onServer.status).toBe(otherStatus(task));
    expect(onServer.restriction?.period?.end).toBe('2031-06-01');
  });

  it('applying mine again sends my change on top of theirs', async () => {
    const { doctor, nurse, task } = await pair();
    await nurse.engine.applyChange(taskChanges.status(task, otherStatus(task)));
    await doctor.engine.applyChange(taskChanges.status(task, 'completed', 'Complete Task'));
    await nurse.engine.syncNow();
    await doctor.engine.syncNow();
    const [conflict] = await doctor.replica.transaction((tx) => tx.listConflicts());
    await doctor.engine.resolveConflict(conflict?.seq ?? 0, 'mine');
    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ pending: 0, conflicts: 0 });
    expect((await read(doctor, task.id)).status).toBe('completed');
  });

  it("a server answering 400 'Test failed' is treated as a version conflict", async () => {
    const { doctor, nurse, task } = await pair();
    await nurse.engine.applyChange(taskChanges.status(task, otherStatus(task)));
    await nurse.engine.syncNow();
    doctor.faults.inject('PATCH', /\/Task\//, () => outcome('Test failed: 1 != 2', 400, 'processing'));
    await doctor.engine.applyChange(taskChanges.status(task, 'completed', 'Complete Task'));
    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ conflicts: 1, failed: 0 });
  });

  it('a change held behind a conflict of its task is counted as blocked, not as waiting to sync', async () => {
    const { doctor, nurse, task } = await pair();
    await nurse.engine.applyChange(taskChanges.claim(task, BOB));
    await nurse.engine.syncNow();
    await doctor.engine.applyChange(taskChanges.claim(task, ALICE));
    await doctor.engine.applyChange(taskChanges.note(task, 'After my claim', ALICE, '2024-05-01T10:02:00Z'));
    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ pending: 0, blocked: 1, conflicts: 1, failed: 0 });

    const other = await unownedTask(doctor.server, taskOffset++);
    await hold(doctor, other);
    await doctor.engine.applyChange(taskChanges.note(other, 'Elsewhere', ALICE, '2024-05-01T10:03:00Z'));
    expect(doctor.engine.status()).toMatchObject({ pending: 1, blocked: 1, conflicts: 1 });
  });

  it('a change to a task the server deleted is kept as a conflict, not dropped', async () => {
    const { doctor, nurse, task } = await pair();
    await nurse.engine.applyChange(taskChanges.remove(task));
    await nurse.engine.syncNow();
    await doctor.engine.applyChange(taskChanges.note(task, 'Too late?', ALICE, '2024-05-01T11:00:00Z'));
    const status = await doctor.engine.syncNow();
    expect(status.conflicts).toBe(1);
    const [conflict] = await doctor.replica.transaction((tx) => tx.listConflicts());
    expect(conflict?.theirs).toBeUndefined();
    expect(notesOf(conflict?.mine)).toContain('Too late?');
    expect((await doctor.record('Task', task.id ?? ''))?.pending).toBe(1);
  });

  it('keeping mine for a task the server deleted creates it again, once', async () => {
    const { doctor, nurse, task } = await pair();
    await nurse.engine.applyChange(taskChanges.remove(task));
    await nurse.engine.syncNow();
    await doctor.engine.applyChange(taskChanges.status(task, 'in-progress'));
    await doctor.engine.syncNow();
    const [conflict] = await doctor.replica.transaction((tx) => tx.listConflicts());
    await doctor.engine.resolveConflict(conflict?.seq ?? 0, 'mine');
    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ pending: 0, conflicts: 0, failed: 0 });
    expect(doctor.faults.count('POST', /\/fhir\/R4\/Task$/)).toBe(1);
  });

  it('deleting a task twice (here and on the server) is not a conflict', async () => {
    const { doctor, nurse, task } = await pair();
    await nurse.engine.applyChange(taskChanges.remove(task));
    await doctor.engine.applyChange(taskChanges.remove(task));
    await nurse.engine.syncNow();
    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ pending: 0, conflicts: 0, failed: 0 });
    expect(await doctor.record('Task', task.id ?? '')).toBeUndefined();
  });
});
