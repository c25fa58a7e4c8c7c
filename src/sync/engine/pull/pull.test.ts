import type { Task } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFakeServer } from '@mocks/node';
import { ALICE_SMITH_ID, BOB_JONES_ID } from '@mocks/seed';
import { resourceKey } from '@/db/types';
import { device, hideTypeHistory, hold, type Device } from '@/sync/engine/testing/harness';
import { taskChanges } from '@/sync/engine/testing/task-changes';
import { readSearchParameters } from '@/sync/local-query/definitions';

const { server, baseUrl } = createNodeFakeServer();
const ALICE = `Practitioner/${ALICE_SMITH_ID}`;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

async function taskIds(target: Device, params: Record<string, string>): Promise<string[]> {
  const found = await target.server.searchAll('Task', { ...params, _count: '1000' }, { noCache: true });
  return found.filter((r) => r.resourceType === 'Task').map((r) => r.id ?? '');
}

async function held(target: Device, keys: string[]): Promise<string[]> {
  return target.replica.transaction(async (tx) => {
    const missing: string[] = [];
    for (const key of keys) if (!(await tx.getResource(key))) missing.push(key);
    return missing;
  });
}

let offset = 80;
/** A task of the server that the given devices hold (as if pulled before). */
async function taskOfServer(target: Device, ...holders: Device[]): Promise<Task> {
  const bundle = await target.server.search(
    'Task',
    { _sort: '_id', _count: 1, _offset: offset++ },
    { noCache: true }
  );
  const task = bundle.entry?.[0]?.resource as Task;
  for (const holder of holders) await hold(holder, task);
  return task;
}

/** The doctor after her first sync and the nurse, both holding one task of the server. */
async function sharedTask(): Promise<{ doctor: Device; nurse: Device; task: Task }> {
  const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, { allTasksCap: 20 });
  const nurse = await device(baseUrl, 'nurse@example.com', BOB_JONES_ID, { allTasksCap: 20 });
  await doctor.engine.syncNow();
  return { doctor, nurse, task: await taskOfServer(doctor, doctor, nurse) };
}

describe('pull', () => {
  it('the first sync loads my queues, what they reference, the value sets and the search parameters', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, { allTasksCap: 20 });
    await doctor.engine.syncNow();
    const open = { 'status:not': 'completed' };
    const own = await taskIds(doctor, { ...open, owner: ALICE });
    const doctorQueue = await taskIds(doctor, { ...open, 'owner:missing': 'true', performer: '158965000' });
    const nyQueue = await taskIds(doctor, {
      ...open,
      'owner:missing': 'true',
      'patient.address-state': 'NY',
    });
    expect(own.length).toBeGreaterThan(0);
    expect(doctorQueue.length).toBeGreaterThan(0);
    expect(nyQueue.length).toBeGreaterThan(0);
    const keys = [...own, ...doctorQueue, ...nyQueue].map((id) => resourceKey('Task', id));
    expect(await held(doctor, keys)).toEqual([]);

    const { task, patient, sp, cursor, valueSets } = await doctor.replica.transaction(async (tx) => {
      const first = await tx.getResource(keys[0] ?? '');
      const patientKey = first?.patient ?? '';
      return {
        task: first,
        patient: await tx.getResource(patientKey),
        sp: await readSearchParameters(tx),
        cursor: await tx.getCursor('Task'),
        valueSets: await tx.getResource('ValueSet/business-status'),
      };
    });
    expect(task?.patientState).toBeTruthy();
    expect(patient?.resourceType).toBe('Patient');
    expect(sp?.bases).toEqual(expect.arrayContaining(['Resource', 'Task', 'Patient', 'Practitioner']));
    expect(sp?.parameters.map((p) => p.code)).toEqual(
      expect.arrayContaining(['owner', 'performer', 'status', '_lastUpdated', 'address-state'])
    );
    expect(cursor?.mode).toBe('history');
    void valueSets;
    const vs = await doctor.server.searchAll('ValueSet', { _count: '100' }, { noCache: true });
    expect(
      await held(
        doctor,
        vs.map((v) => resourceKey('ValueSet', v.id ?? ''))
      )
    ).toEqual([]);
  });

  it('the cursor is a server time, never the client clock', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, { allTasksCap: 20 });
    doctor.clock.advance(365 * 24 * 3600_000);
    await doctor.engine.syncNow();
    const cursor = await doctor.replica.transaction((tx) => tx.getCursor('Task'));
    expect(Date.parse(cursor?.since ?? '')).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("a colleague's change reaches my replica by delta, with my pending change still on top", async () => {
    const { doctor, nurse, task } = await sharedTask();
    await nurse.engine.syncNow();
    await nurse.engine.applyChange(taskChanges.dueDate(task, '2031-01-01'));
    await nurse.engine.syncNow();

    // The doctor's own change to the task waits (server busy) while the delta arrives.
    doctor.faults.inject('PATCH', /\/Task\//, 'server-error', 3);
    const local = ((await doctor.record('Task', task.id ?? ''))?.resource ?? task) as Task;
    await doctor.engine.applyChange(
      taskChanges.note(local, 'Doctor was here', ALICE, '2024-05-01T12:00:00Z')
    );
    await doctor.engine.syncNow();
    const record = await doctor.record('Task', task.id ?? '');
    expect((record?.server as Task).restriction?.period?.end).toBe('2031-01-01');
    expect((record?.resource as Task).restriction?.period?.end).toBe('2031-01-01');
    expect((record?.resource as Task).note?.map((n) => n.text)).toContain('Doctor was here');
    expect(record?.pending).toBe(1);
  });

  it('a task deleted on the server leaves my replica', async () => {
    const { doctor, nurse, task } = await sharedTask();
    await doctor.engine.syncNow();
    expect(await doctor.record('Task', task.id ?? '')).toBeDefined();
    await nurse.engine.syncNow();
    await nurse.engine.applyChange(taskChanges.remove(task));
    await nurse.engine.syncNow();
    await doctor.engine.syncNow();
    expect(await doctor.record('Task', task.id ?? '')).toBeUndefined();
  });

  it('a task deleted on the server while my change waits is kept, with a conflict', async () => {
    const { doctor, nurse, task } = await sharedTask();
    await doctor.engine.syncNow();
    await nurse.engine.syncNow();
    await nurse.engine.applyChange(taskChanges.remove(task));
    await nurse.engine.syncNow();
    doctor.faults.inject('PATCH', /\/Task\//, 'server-error', 3);
    await doctor.engine.applyChange(taskChanges.status(task, 'completed', 'Complete Task'));
    const status = await doctor.engine.syncNow();
    expect(status.conflicts).toBe(1);
    const [conflict] = await doctor.replica.transaction((tx) => tx.listConflicts());
    expect(conflict?.label).toBe('Complete Task');
    expect(conflict?.theirs).toBeUndefined();
    expect((conflict?.mine as Task).status).toBe('completed');
    expect(await doctor.record('Task', task.id ?? '')).toMatchObject({ pending: 1, status: 'completed' });
  });

  it('without type history, deltas come by _lastUpdated and deletes by reconciling ids', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, {
      allTasksCap: 20,
      reconcileEveryMs: 0,
    });
    const nurse = await device(baseUrl, 'nurse@example.com', BOB_JONES_ID, { allTasksCap: 20 });
    await hideTypeHistory(doctor);
    await doctor.engine.syncNow();
    expect((await doctor.replica.transaction((tx) => tx.getCursor('Task')))?.mode).toBe('search');
    // Two of the doctor's own tasks, which her first sync loaded.
    const [changed, removed] = (await doctor.server.searchAll(
      'Task',
      { owner: ALICE, 'status:not': 'completed', _count: 2 },
      { noCache: true, max: 2 }
    )) as Task[];
    if (!changed || !removed) throw new Error('The doctor owns fewer than two open tasks');
    await hold(nurse, changed);
    await hold(nurse, removed);
    expect(await doctor.record('Task', removed.id ?? '')).toBeDefined();
    await nurse.engine.syncNow();
    await nurse.engine.applyChange(taskChanges.dueDate(changed, '2032-02-02'));
    await nurse.engine.applyChange(taskChanges.remove(removed));
    await nurse.engine.syncNow();
    await doctor.engine.syncNow();
    const after = await doctor.record('Task', changed.id ?? '');
    expect((after?.resource as Task).restriction?.period?.end).toBe('2032-02-02');
    expect(await doctor.record('Task', removed.id ?? '')).toBeUndefined();
    expect(doctor.faults.count('GET', /\/Task\/_history/)).toBe(0);
  });
});
