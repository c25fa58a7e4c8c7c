import type { Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { ALICE_SMITH_ID } from '@mocks/seed';
import { ALICE, device, hold, notesOf, unownedTask, type Device } from '@/sync/engine/testing/harness';
import { listeningFakeServer } from '@/sync/engine/testing/fake-server';
import { taskChanges } from '@/sync/engine/testing/task-changes';
import { CLIENT_ID_SYSTEM } from '@/sync/engine/types';
import { outcome } from '@/sync/testing/fake-network';

const baseUrl = listeningFakeServer();

let taskOffset = 0;
/** A fresh unowned task for each test, held by the doctor's replica. */
async function setup(): Promise<{ doctor: Device; task: Task }> {
  const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID);
  const task = await unownedTask(doctor.server, taskOffset++);
  await hold(doctor, task);
  return { doctor, task };
}

async function serverTask(target: Device, id: string): Promise<Task> {
  return target.server.read<Task>('Task', id, { noCache: true });
}

describe('push', () => {
  it('a claim made offline lands when the connection returns', async () => {
    const { doctor, task } = await setup();
    doctor.faults.inject('PATCH', /\/Task\//, 'offline', Infinity);
    await doctor.engine.applyChange(taskChanges.claim(task, ALICE));
    const offline = await doctor.engine.syncNow();
    expect(offline.online).toBe(false);
    expect(offline.pending).toBe(1);
    expect((await serverTask(doctor, task.id ?? '')).owner).toBeUndefined();

    doctor.faults.clear();
    doctor.clock.advance(10 * 60_000);
    const back = await doctor.engine.syncNow();
    expect(back.online).toBe(true);
    expect(back.pending).toBe(0);
    const landed = await serverTask(doctor, task.id ?? '');
    expect(landed.owner?.reference).toBe(ALICE);
    const record = await doctor.record('Task', task.id ?? '');
    expect(record?.pending).toBe(0);
    expect(record?.server?.meta?.versionId).toBe(landed.meta?.versionId);
  });

  it('a change is in the outbox and the local copy before applyChange resolves', async () => {
    const { doctor, task } = await setup();
    const applied = await doctor.engine.applyChange(taskChanges.status(task, 'on-hold', 'Pause Task'));
    const { entry, record } = await doctor.replica.transaction(async (tx) => ({
      entry: await tx.getOutbox(applied.seq),
      record: await tx.getResource(applied.key),
    }));
    expect(entry).toMatchObject({ kind: 'patch', baseVersionId: task.meta?.versionId, state: 'pending' });
    expect(record?.status).toBe('on-hold');
    expect(record?.pending).toBe(1);
    expect(record?.server?.meta?.versionId).toBe(task.meta?.versionId);
  });

  it('a patch that does not apply is rejected with a clear message and stores nothing', async () => {
    const { doctor, task } = await setup();
    const bad = {
      ...taskChanges.claim(task, ALICE),
      operations: [{ op: 'replace' as const, path: '/nothing/here', value: 1 }],
    };
    await expect(doctor.engine.applyChange(bad)).rejects.toThrow(/Claim Task cannot be applied to Task\//);
    const outbox = await doctor.replica.transaction((tx) => tx.listOutbox());
    expect(outbox).toHaveLength(0);
    expect((await doctor.record('Task', task.id ?? ''))?.pending).toBe(0);
  });

  it('every patch is sent with a first test of the version the user saw', async () => {
    const { doctor, task } = await setup();
    await doctor.engine.applyChange(taskChanges.status(task, 'in-progress'));
    await doctor.engine.syncNow();
    const patch = doctor.faults.sent.find((r) => r.method === 'PATCH');
    expect(JSON.parse(patch?.body ?? '[]')).toEqual([
      { op: 'test', path: '/meta/versionId', value: task.meta?.versionId },
      { op: 'replace', path: '/status', value: 'in-progress' },
    ]);
  });

  it('a patch whose response was lost is not applied twice', async () => {
    const { doctor, task } = await setup();
    doctor.faults.inject('PATCH', /\/Task\//, 'lose-response', 3);
    await doctor.engine.applyChange(taskChanges.claim(task, ALICE));
    await doctor.engine.syncNow();
    doctor.clock.advance(10 * 60_000);
    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ pending: 0, conflicts: 0, failed: 0 });
    const history = await doctor.server.get<{ entry?: unknown[] }>(
      doctor.server.url(`Task/${task.id}/_history`),
      { noCache: true }
    );
    // The seed version and one claim: the lost answer was recognised, not applied again nor a conflict.
    expect(history.entry).toHaveLength(Number(task.meta?.versionId ?? '1') + 1);
  });

  it('a note whose response was lost is not added twice', async () => {
    const { doctor, task } = await setup();
    doctor.faults.inject('PATCH', /\/Task\//, 'lose-response', 3);
    await doctor.engine.applyChange(
      taskChanges.note(task, 'Called the patient', ALICE, '2024-05-01T09:00:00Z')
    );
    await doctor.engine.syncNow();
    doctor.clock.advance(10 * 60_000);
    await doctor.engine.syncNow();
    const notes = notesOf(await serverTask(doctor, task.id ?? ''));
    expect(notes.filter((text) => text === 'Called the patient')).toHaveLength(1);
  });

  it('a create retried after a lost response never duplicates, and later changes follow the server id', async () => {
    const { doctor, task } = await setup();
    doctor.faults.inject('POST', /\/fhir\/R4\/Task$/, 'lose-response', 3);
    const draft: Task = {
      resourceType: 'Task',
      status: 'ready',
      intent: 'order',
      for: task.for,
      code: task.code,
    };
    const created = await doctor.engine.applyChange(taskChanges.create(draft));
    const local = (await doctor.record('Task', created.id))?.resource as Task;
    await doctor.engine.applyChange(taskChanges.note(local, 'First note', ALICE, '2024-05-01T09:00:00Z'));
    await doctor.engine.syncNow();
    doctor.clock.advance(10 * 60_000);
    const status = await doctor.engine.syncNow();
    expect(status.pending).toBe(0);

    const found = await doctor.server.search(
      'Task',
      { identifier: `${CLIENT_ID_SYSTEM}|${created.id}` },
      { noCache: true }
    );
    expect(found.total).toBe(1);
    const onServer = found.entry?.[0]?.resource as Task;
    expect(onServer.id).not.toBe(created.id);
    expect(notesOf(onServer)).toEqual(['First note']);
    expect(await doctor.record('Task', created.id)).toBeUndefined();
    expect((await doctor.record('Task', onServer.id ?? ''))?.server?.meta?.versionId).toBe(
      onServer.meta?.versionId
    );
  });

  it('a 4xx keeps the change with the server words until the user dismisses it', async () => {
    const { doctor, task } = await setup();
    await doctor.engine.applyChange({
      resourceType: 'Task',
      id: task.id,
      kind: 'patch',
      operations: [{ op: 'replace', path: '/status', value: { not: 'a code' } }],
      commutes: false,
      label: 'Update Status',
    });
    doctor.faults.inject('PATCH', /\/Task\//, () => outcome('Invalid status'));
    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ failed: 1, pending: 0 });
    const [entry] = await doctor.replica.transaction((tx) => tx.listOutbox());
    expect(entry).toMatchObject({ state: 'failed', error: 'Invalid status' });
    // The server's outcome is kept too, so a form can put its issues under their fields.
    expect(entry?.outcome?.issue?.[0]?.details?.text ?? entry?.outcome?.issue?.[0]?.diagnostics).toBe(
      'Invalid status'
    );

    await doctor.engine.dismissFailure(entry?.seq ?? 0);
    expect(await doctor.replica.transaction((tx) => tx.listOutbox())).toHaveLength(0);
    expect((await doctor.record('Task', task.id ?? ''))?.resource).toMatchObject({ status: task.status });
  });

  it('a failed change retried by the user is sent again', async () => {
    const { doctor, task } = await setup();
    doctor.faults.inject(
      'PATCH',
      /\/Task\//,
      () =>
        new Response(
          '{"resourceType":"OperationOutcome","issue":[{"severity":"error","code":"forbidden","details":{"text":"Forbidden"}}]}',
          { status: 403 }
        )
    );
    await doctor.engine.applyChange(taskChanges.status(task, 'in-progress'));
    await doctor.engine.syncNow();
    const [failed] = await doctor.replica.transaction((tx) => tx.listOutbox());
    await doctor.engine.retryFailure(failed?.seq ?? 0);
    await doctor.engine.syncNow();
    expect((await serverTask(doctor, task.id ?? '')).status).toBe('in-progress');
  });

  it('server errors back off exponentially with jitter, and the change lands once the server recovers', async () => {
    const { doctor, task } = await setup();
    doctor.faults.inject('PATCH', /\/Task\//, 'server-error', 9);
    await doctor.engine.applyChange(taskChanges.status(task, 'in-progress'));
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      await doctor.engine.syncNow();
      const [entry] = await doctor.replica.transaction((tx) => tx.listOutbox());
      delays.push((entry?.notBefore ?? 0) - doctor.clock.now());
      expect(entry?.attempts).toBe(i + 1);
      // Before the back-off ends nothing is sent.
      const before = doctor.faults.count('PATCH', /\/Task\//);
      await doctor.engine.syncNow();
      expect(doctor.faults.count('PATCH', /\/Task\//)).toBe(before);
      doctor.clock.advance((entry?.notBefore ?? 0) - doctor.clock.now());
    }
    expect(delays[1]).toBeGreaterThan(delays[0] ?? 0);
    expect(delays[2]).toBeGreaterThan(delays[1] ?? 0);
    expect(new Set(delays.map((d, i) => d / 2 ** i)).size).toBeGreaterThan(1);
    const status = await doctor.engine.syncNow();
    expect(status.pending).toBe(0);
    expect((await serverTask(doctor, task.id ?? '')).status).toBe('in-progress');
  });

  it('an offline engine does not spin: one failed attempt per run, then it waits', async () => {
    const { doctor, task } = await setup();
    const other = await unownedTask(doctor.server, taskOffset++);
    await hold(doctor, other);
    doctor.faults.inject('PATCH', /./, 'offline', Infinity);
    doctor.faults.inject('POST', /./, 'offline', Infinity);
    await doctor.engine.applyChange(taskChanges.status(task, 'in-progress'));
    await doctor.engine.applyChange(taskChanges.status(other, 'in-progress'));
    const status = await doctor.engine.syncNow();
    expect(status.online).toBe(false);
    // Both changes went in one batch that found the network down (the client tries 3 times); nothing more was tried.
    expect(doctor.faults.count('POST', /\/fhir\/R4\/$/)).toBe(3);
    expect(doctor.faults.count('PATCH', /./)).toBe(0);
  });

  it('changes of one resource go in order, and a failure holds back only that resource', async () => {
    const { doctor, task } = await setup();
    const other = await unownedTask(doctor.server, taskOffset++);
    await hold(doctor, other);
    doctor.faults.inject('PATCH', new RegExp(`/Task/${task.id}$`), 'server-error', 3);
    await doctor.engine.applyChange(taskChanges.claim(task, ALICE));
    const claimed = (await doctor.record('Task', task.id ?? ''))?.resource as Task;
    await doctor.engine.applyChange(taskChanges.status(claimed, 'in-progress'));
    await doctor.engine.applyChange(taskChanges.status(other, 'on-hold'));
    await doctor.engine.syncNow();
    expect((await serverTask(doctor, other.id ?? '')).status).toBe('on-hold');
    expect((await serverTask(doctor, task.id ?? '')).status).toBe(task.status);
    expect(doctor.faults.count('PATCH', new RegExp(`/Task/${task.id}$`))).toBe(3);

    doctor.clock.advance(10 * 60_000);
    await doctor.engine.syncNow();
    const done = await serverTask(doctor, task.id ?? '');
    expect(done).toMatchObject({ status: 'in-progress', owner: { reference: ALICE } });
    const bodies = doctor.faults.sent.filter(
      (r) => r.method === 'PATCH' && r.url.endsWith(`/Task/${task.id}`)
    );
    const last = JSON.parse(bodies[bodies.length - 1]?.body ?? '[]') as { value?: unknown }[];
    expect(last[0]?.value).toBe(String(Number(task.meta?.versionId) + 1));
  });

  it('an edit made to an entry during its upload is not lost', async () => {
    const { doctor, task } = await setup();
    const { seq } = await doctor.engine.applyChange(taskChanges.status(task, 'in-progress'));
    doctor.faults.onAnswered = async (method) => {
      if (method !== 'PATCH') return;
      doctor.faults.onAnswered = undefined;
      await doctor.replica.transaction(async (tx) => {
        const entry = await tx.getOutbox(seq);
        if (entry) await tx.putOutbox({ ...entry, label: 'Edited', revision: entry.revision + 1 });
      });
      // The edited entry is not sent again in this run, so what the replica keeps of it can be read.
      doctor.faults.inject('PATCH', /./, 'offline', Infinity);
    };
    await doctor.engine.syncNow();
    const entry = await doctor.replica.transaction((tx) => tx.getOutbox(seq));
    expect(entry?.label).toBe('Edited');
  });
});
