import type { Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { ALICE_SMITH_ID } from '@mocks/seed';
import {
  ALICE,
  BOB,
  device,
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

let taskOffset = 0;
const pair = () => pairHolding(baseUrl, taskOffset++);

const read = (target: Device, id: string | undefined) =>
  target.server.read<Task>('Task', id ?? '', { noCache: true });

const shown = async (target: Device, id: string | undefined) =>
  (await target.record('Task', id ?? ''))?.resource as Task;

const otherStatus = (task: Task): Task['status'] => (task.status === 'on-hold' ? 'in-progress' : 'on-hold');

/** The doctor claims the task and adds a note offline while the nurse reassigns it: the claim conflicts. */
async function claimAgainstReassign(): Promise<{ doctor: Device; task: Task; seq: number }> {
  const { doctor, nurse, task } = await pair();
  doctor.faults.inject('PATCH', /\/Task\//, 'offline', Infinity);
  doctor.faults.inject('POST', /\/fhir\/R4\/$/, 'offline', Infinity);
  await doctor.engine.applyChange(taskChanges.claim(task, ALICE));
  await doctor.engine.applyChange(
    taskChanges.note(await shown(doctor, task.id), 'Seen at bedside', ALICE, '2024-05-01T10:00:00Z')
  );
  await doctor.engine.syncNow();
  await nurse.engine.applyChange(taskChanges.assign(task, BOB));
  await nurse.engine.syncNow();
  doctor.faults.clear();
  doctor.clock.advance(10 * 60_000);
  const status = await doctor.engine.syncNow();
  expect(status).toMatchObject({ conflicts: 1, blocked: 1 });
  const [conflict] = await doctor.replica.transaction((tx) => tx.listConflicts());
  return { doctor, task, seq: conflict?.seq ?? 0 };
}

describe('conflict choices keep what commutes', () => {
  it('keep theirs: the server has their owner and my note', async () => {
    const { doctor, task, seq } = await claimAgainstReassign();
    expect(await doctor.engine.previewConflictChoice(seq, 'theirs')).toEqual({ dropped: [] });

    await doctor.engine.resolveConflict(seq, 'theirs');
    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ pending: 0, blocked: 0, conflicts: 0, failed: 0 });
    const onServer = await read(doctor, task.id);
    expect(onServer.owner?.reference).toBe(BOB);
    expect(notesOf(onServer).filter((n) => n === 'Seen at bedside')).toHaveLength(1);
    expect(notesOf(await shown(doctor, task.id))).toEqual(notesOf(onServer));
  });

  it('apply mine again: my claim and my note both land on top of theirs', async () => {
    const { doctor, task, seq } = await claimAgainstReassign();
    expect(await doctor.engine.previewConflictChoice(seq, 'mine')).toEqual({ dropped: [] });

    await doctor.engine.resolveConflict(seq, 'mine');
    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ pending: 0, conflicts: 0, failed: 0 });
    const onServer = await read(doctor, task.id);
    expect(onServer.owner?.reference).toBe(ALICE);
    expect(notesOf(onServer).filter((n) => n === 'Seen at bedside')).toHaveLength(1);
  });

  it('keep theirs drops a later change of what they changed, keeps one of what they did not, and says so first', async () => {
    const { doctor, nurse, task } = await pair();
    await nurse.engine.applyChange(taskChanges.status(task, otherStatus(task)));
    await nurse.engine.syncNow();
    await doctor.engine.applyChange(taskChanges.status(task, 'completed', 'Complete Task'));
    await doctor.engine.applyChange(
      taskChanges.status(await shown(doctor, task.id), 'cancelled', 'Cancel Task')
    );
    await doctor.engine.applyChange(taskChanges.dueDate(await shown(doctor, task.id), '2031-06-01'));
    await doctor.engine.syncNow();
    const [conflict] = await doctor.replica.transaction((tx) => tx.listConflicts());
    const seq = conflict?.seq ?? 0;

    const preview = await doctor.engine.previewConflictChoice(seq, 'theirs');
    expect(preview.dropped).toEqual(['Cancel Task']);
    // The preview changes nothing.
    expect(await doctor.replica.transaction((tx) => tx.listOutbox())).toHaveLength(3);

    await doctor.engine.resolveConflict(seq, 'theirs');
    expect(await doctor.engine.syncNow()).toMatchObject({ pending: 0, conflicts: 0, failed: 0 });
    const onServer = await read(doctor, task.id);
    expect(onServer.status).toBe(otherStatus(task));
    expect(onServer.restriction?.period?.end).toBe('2031-06-01');
    expect((await shown(doctor, task.id)).status).toBe(otherStatus(task));
  });

  it('keep theirs takes the newest version of theirs the replica holds, not the one the conflict saw', async () => {
    const { doctor, nurse, task } = await pair();
    await nurse.engine.applyChange(taskChanges.status(task, otherStatus(task)));
    await nurse.engine.syncNow();
    await doctor.engine.applyChange(taskChanges.status(task, 'completed', 'Complete Task'));
    await doctor.engine.syncNow();
    const [conflict] = await doctor.replica.transaction((tx) => tx.listConflicts());
    await nurse.engine.applyChange(taskChanges.dueDate(await shown(nurse, task.id), '2032-02-02'));
    await nurse.engine.syncNow();
    await doctor.engine.syncNow();

    await doctor.engine.resolveConflict(conflict?.seq ?? 0, 'theirs');
    const newest = await read(doctor, task.id);
    const record = await doctor.record('Task', task.id ?? '');
    expect(record?.server?.meta?.versionId).toBe(newest.meta?.versionId);
    expect((record?.resource as Task).restriction?.period?.end).toBe('2032-02-02');
  });

  it('dismissing a failed create lists, then drops, the changes made to what it created', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID);
    const template = await unownedTask(doctor.server, taskOffset++);
    const { id: _id, meta: _meta, ...body } = template;
    doctor.faults.inject('POST', /\/fhir\/R4\/Task$/, () => outcome('Invalid task'));
    const created = await doctor.engine.applyChange(taskChanges.create(body as Task));
    await doctor.engine.applyChange(
      taskChanges.note(await shown(doctor, created.id), 'On the new task', ALICE, '2024-05-01T10:00:00Z')
    );
    expect(await doctor.engine.syncNow()).toMatchObject({ failed: 1, blocked: 1 });

    expect(await doctor.engine.previewDismiss(created.seq)).toEqual({ dropped: ['Add Note'] });
    await doctor.engine.dismissFailure(created.seq);
    expect(await doctor.replica.transaction((tx) => tx.listOutbox())).toHaveLength(0);
  });

  it('dismissing a failed edit discards nothing else', async () => {
    const { doctor, task } = await pair();
    doctor.faults.inject('PATCH', /\/Task\//, () => outcome('Invalid status'));
    const applied = await doctor.engine.applyChange(taskChanges.status(task, 'on-hold', 'Pause Task'));
    await doctor.engine.applyChange(taskChanges.note(task, 'Later', ALICE, '2024-05-01T10:00:00Z'));
    expect(await doctor.engine.syncNow()).toMatchObject({ failed: 1, blocked: 1 });
    expect(await doctor.engine.previewDismiss(applied.seq)).toEqual({ dropped: [] });
  });
});

describe('a refused or conflicted change holds back only its own resource', () => {
  it("resource A's change is refused; resource B's later change is sent in the same run", async () => {
    // One change per request, so the refusal can be aimed at A's.
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, { batchSize: 1 });
    const a = await unownedTask(doctor.server, taskOffset++);
    const b = await unownedTask(doctor.server, taskOffset++);
    await hold(doctor, a);
    await hold(doctor, b);
    doctor.faults.inject('PATCH', new RegExp(`/Task/${a.id ?? ''}$`), () => outcome('Invalid status'));
    await doctor.engine.applyChange(taskChanges.status(a, 'on-hold', 'Pause Task'));
    await doctor.engine.applyChange(taskChanges.note(a, 'Behind the refusal', ALICE, '2024-05-01T10:00:00Z'));
    await doctor.engine.applyChange(taskChanges.claim(b, ALICE));
    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ failed: 1, blocked: 1, pending: 0 });
    expect((await read(doctor, b.id)).owner?.reference).toBe(ALICE);
  });

  it("resource A's change is in conflict; resource B's later change is sent in the same run", async () => {
    const { doctor, nurse, task } = await pair();
    const b = await unownedTask(doctor.server, taskOffset++);
    await hold(doctor, b);
    await nurse.engine.applyChange(taskChanges.claim(task, BOB));
    await nurse.engine.syncNow();
    await doctor.engine.applyChange(taskChanges.claim(task, ALICE));
    await doctor.engine.applyChange(taskChanges.claim(b, ALICE));
    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ conflicts: 1, pending: 0 });
    expect((await read(doctor, b.id)).owner?.reference).toBe(ALICE);
  });
});
