import type { Bundle, BundleEntry, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { ALICE_SMITH_ID } from '@mocks/seed';
import { ALICE, device, hold, notesOf, unownedTask, type Device } from '@/sync/engine/testing/harness';
import { listeningFakeServer } from '@/sync/engine/testing/fake-server';
import { taskChanges } from '@/sync/engine/testing/task-changes';

const baseUrl = listeningFakeServer();
const BATCH = /\/fhir\/R4\/$/;
const DUE = '2031-02-03T04:05:06.000Z';

let taskOffset = 0;
async function tasksHeldBy(target: Device, count: number): Promise<Task[]> {
  const tasks: Task[] = [];
  for (let i = 0; i < count; i++) {
    const task = await unownedTask(target.server, taskOffset++);
    await hold(target, task);
    tasks.push(task);
  }
  return tasks;
}

async function current(target: Device, task: Task): Promise<Task> {
  return (await target.record('Task', task.id ?? ''))?.resource as Task;
}

async function versionsOf(target: Device, task: Task): Promise<number> {
  const history = await target.server.get<{ entry?: unknown[] }>(
    target.server.url(`Task/${task.id}/_history`),
    { noCache: true }
  );
  return history.entry?.length ?? 0;
}

/** Three notes then a due date on each task: four changes of one resource, in order. */
async function queueNotesAndStatus(target: Device, tasks: Task[]): Promise<void> {
  for (const task of tasks) {
    for (const text of ['first', 'second', 'third']) {
      const shown = await current(target, task);
      await target.engine.applyChange(
        taskChanges.note(shown, `${text} ${task.id}`, ALICE, '2024-05-01T09:00:00Z')
      );
    }
    await target.engine.applyChange(taskChanges.dueDate(await current(target, task), DUE));
  }
}

/**
 * A server that refuses every batch entry about one task with a 400 and the given words, and
 * answers the other entries itself.
 */
function refusingEntriesOf(task: Task, words: string): (url: string, init: RequestInit) => Promise<Response> {
  return async (url, init) => {
    const bundle = JSON.parse(String(init.body)) as Bundle;
    const refused = (entry: BundleEntry): boolean => entry.request?.url === `Task/${task.id}`;
    const passed = await globalThis.fetch(url, {
      ...init,
      body: JSON.stringify({ ...bundle, entry: bundle.entry?.filter((entry) => !refused(entry)) }),
    });
    const answers = [...(((await passed.json()) as Bundle).entry ?? [])];
    const outcome = {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'invalid', details: { text: words } }],
    };
    const entries = (bundle.entry ?? []).map((entry) =>
      refused(entry) ? { response: { status: '400', outcome } } : answers.shift()
    );
    return Response.json({ resourceType: 'Bundle', type: 'batch-response', entry: entries });
  };
}

describe('batch replay', () => {
  it('sends one batch per wave and handles applied, conflict and failure entry by entry', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID);
    const tasks = await tasksHeldBy(doctor, 6);
    const [contested, rejected] = tasks.slice(4) as [Task, Task];
    const ordered = tasks.slice(0, 4);
    const versionsBefore = await Promise.all(ordered.map((task) => versionsOf(doctor, task)));
    await queueNotesAndStatus(doctor, ordered);
    // Another user changes the contested task first: the doctor's status change no longer applies.
    await doctor.server.patch('Task', contested.id ?? '', [
      { op: 'replace', path: '/status', value: 'on-hold' },
    ]);
    await doctor.engine.applyChange(taskChanges.status(contested, 'cancelled'));
    await doctor.engine.applyChange(taskChanges.claim(rejected, ALICE));
    doctor.faults.inject('POST', BATCH, refusingEntriesOf(rejected, 'Owner is not allowed here'), Infinity);

    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ pending: 0, conflicts: 1, failed: 1 });
    // Four waves (the deepest resource has four changes), each one batch; no change went on its own.
    const replays = doctor.faults.sent.filter((r) => BATCH.test(r.url) && r.body.includes('"PATCH"'));
    expect(replays).toHaveLength(4);
    expect(doctor.faults.count('PATCH', /./)).toBe(0);

    for (const [index, task] of ordered.entries()) {
      const landed = await doctor.server.read<Task>('Task', task.id ?? '', { noCache: true });
      expect(notesOf(landed).slice(-3)).toEqual([
        `first ${task.id}`,
        `second ${task.id}`,
        `third ${task.id}`,
      ]);
      expect(landed.restriction?.period?.end).toBe(DUE);
      expect(await versionsOf(doctor, task)).toBe((versionsBefore[index] ?? 0) + 4);
    }
    const outbox = await doctor.replica.transaction((tx) => tx.listOutbox());
    expect(outbox.map((entry) => [entry.resourceId, entry.state])).toEqual([
      [contested.id, 'conflict'],
      [rejected.id, 'failed'],
    ]);
    const failure = outbox.find((entry) => entry.state === 'failed');
    expect(failure?.error).toBe('Owner is not allowed here');
    const conflicts = await doctor.replica.transaction((tx) => tx.listConflicts());
    expect((conflicts[0]?.theirs as Task | undefined)?.status).toBe('on-hold');
  });

  it('one answer confirms a new task under its server id, a change edited during its upload and a change with a later one', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID);
    const [edited, claimed] = (await tasksHeldBy(doctor, 2)) as [Task, Task];
    const { seq: editedSeq } = await doctor.engine.applyChange(taskChanges.status(edited, 'in-progress'));
    await doctor.engine.applyChange(taskChanges.claim(claimed, ALICE));
    // Made on the version the claim was made on: it must move onto the claim's version, or the
    // server's version test refuses it as another user's change.
    await doctor.engine.applyChange(taskChanges.dueDate(await current(doctor, claimed), DUE));
    const fresh = await unownedTask(doctor.server, taskOffset++);
    const { id: temporaryId } = await doctor.engine.applyChange(
      taskChanges.create({ resourceType: 'Task', status: 'ready', intent: 'order', for: fresh.for })
    );
    const made = (await doctor.record('Task', temporaryId))?.resource as Task;
    await doctor.engine.applyChange(taskChanges.status(made, 'on-hold'));
    // The status change of the first task is edited while the first answer travels.
    doctor.faults.onAnswered = async (method, url) => {
      if (method !== 'POST' || !BATCH.test(url)) return;
      doctor.faults.onAnswered = undefined;
      await doctor.replica.transaction(async (tx) => {
        const entry = await tx.getOutbox(editedSeq);
        if (entry) await tx.putOutbox({ ...entry, label: 'Edited', revision: entry.revision + 1 });
      });
    };

    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ pending: 0, conflicts: 0, failed: 0 });
    // The first answer confirmed the three resources together; the second wave went as a batch too.
    const batches = doctor.faults.sent.filter((r) => BATCH.test(r.url) && r.body.includes('"PATCH"'));
    expect(batches).toHaveLength(2);
    expect(batches[0]?.body).toContain(`Task/${edited.id}`);
    expect(batches[0]?.body).toContain(`Task/${claimed.id}`);
    expect(batches[0]?.body).toContain('"POST"');
    // The edited change was kept and sent again on its own, tested against the version its first
    // send made (not refused as if another user had made that version).
    const resent = doctor.faults.sent.filter(
      (r) => r.method === 'PATCH' && r.url.endsWith(`/Task/${edited.id}`)
    );
    expect(resent).toHaveLength(1);
    expect((JSON.parse(resent[0]?.body ?? '[]') as unknown[])[0]).toEqual({
      op: 'test',
      path: '/meta/versionId',
      value: String(Number(edited.meta?.versionId) + 1),
    });
    const landed = await doctor.server.read<Task>('Task', claimed.id ?? '', { noCache: true });
    expect(landed.owner?.reference).toBe(ALICE);
    expect(landed.restriction?.period?.end).toBe(DUE);

    // The new task is held under the server's id only, and its later change reached it there.
    expect(await doctor.record('Task', temporaryId)).toBeUndefined();
    const renames = await doctor.replica.transaction((tx) =>
      tx.getMeta<[string, string][]>('confirmedCreates')
    );
    const serverKey = new Map(renames).get(`Task/${temporaryId}`) ?? '';
    const serverId = serverKey.slice('Task/'.length);
    expect(serverId).not.toBe('');
    expect((await doctor.server.read<Task>('Task', serverId, { noCache: true })).status).toBe('on-hold');
    expect(await doctor.record('Task', serverId)).toMatchObject({ pending: 0, status: 'on-hold' });
  });

  it('a batch whose answer was lost applies nothing twice when it is sent again', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID);
    const tasks = await tasksHeldBy(doctor, 3);
    const versionsBefore = await Promise.all(tasks.map((task) => versionsOf(doctor, task)));
    await queueNotesAndStatus(doctor, tasks);
    doctor.faults.inject('POST', BATCH, 'lose-response', 3);
    const offline = await doctor.engine.syncNow();
    expect(offline.online).toBe(false);
    doctor.clock.advance(10 * 60_000);
    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ pending: 0, conflicts: 0, failed: 0 });
    for (const [index, task] of tasks.entries()) {
      const landed = await doctor.server.read<Task>('Task', task.id ?? '', { noCache: true });
      expect(notesOf(landed).filter((text) => text.endsWith(task.id ?? ''))).toEqual([
        `first ${task.id}`,
        `second ${task.id}`,
        `third ${task.id}`,
      ]);
      expect(await versionsOf(doctor, task)).toBe((versionsBefore[index] ?? 0) + 4);
    }
  });

  it('a server that refuses batches gets the changes one by one', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID);
    const tasks = await tasksHeldBy(doctor, 2);
    const refusal = {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'not-supported' }],
    };
    doctor.faults.inject('POST', BATCH, () => Response.json(refusal, { status: 400 }), Infinity);
    for (const task of tasks) await doctor.engine.applyChange(taskChanges.claim(task, ALICE));
    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ pending: 0, failed: 0 });
    expect(doctor.faults.count('PATCH', /\/Task\//)).toBe(2);
    for (const task of tasks) {
      const landed = await doctor.server.read<Task>('Task', task.id ?? '', { noCache: true });
      expect(landed.owner?.reference).toBe(ALICE);
    }
  });
});
