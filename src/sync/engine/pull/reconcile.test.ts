import type { Task } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFakeServer } from '@mocks/node';
import { ALICE_SMITH_ID, BOB_JONES_ID } from '@mocks/seed';
import { device, hideTypeHistory, type Device } from '@/sync/engine/testing/harness';
import { taskChanges } from '@/sync/engine/testing/task-changes';

const { server, baseUrl } = createNodeFakeServer();
const ALICE = `Practitioner/${ALICE_SMITH_ID}`;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** The doctor on a server without type history (search cursors), reconciling on every pull. */
async function searchModeDoctor(): Promise<Device> {
  const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, {
    allTasksCap: 20,
    reconcileEveryMs: 0,
  });
  await hideTypeHistory(doctor);
  await doctor.engine.syncNow();
  expect((await doctor.replica.transaction((tx) => tx.getCursor('Task')))?.mode).toBe('search');
  return doctor;
}

const taskKeys = (target: Device) => target.replica.transaction((tx) => tx.keysOfType('Task'));

const newTask = (description: string): Task => ({
  resourceType: 'Task',
  status: 'ready',
  intent: 'order',
  owner: { reference: ALICE },
  description,
});

describe('deletes without type history', () => {
  it('a task I created here and a colleague deleted before my next pull leaves my replica (no ghost task)', async () => {
    const doctor = await searchModeDoctor();
    const nurse = await device(baseUrl, 'nurse@example.com', BOB_JONES_ID);
    const before = new Set(await taskKeys(doctor));
    await doctor.engine.applyChange(taskChanges.create(newTask('Made on this tablet')));
    // Sent without pulling (the background replay), so no delta has seen the new task.
    expect((await doctor.engine.replay()).confirmed).toBe(1);
    const created = (await taskKeys(doctor)).find((key) => !before.has(key));
    if (!created) throw new Error('the created task is not in the replica');
    const id = created.split('/')[1] ?? '';
    expect((await doctor.record('Task', id))?.server).toBeDefined();

    await nurse.server.delete('Task', id);
    const status = await doctor.engine.syncNow();
    expect(await doctor.record('Task', id)).toBeUndefined();
    expect(status).toMatchObject({ pending: 0, conflicts: 0, failed: 0 });
  });

  it('a task created here and not yet confirmed is not taken for deleted on the server (no false conflict)', async () => {
    const doctor = await searchModeDoctor();
    doctor.faults.inject('POST', /\/Task$/, 'server-error', Infinity);
    const applied = await doctor.engine.applyChange(taskChanges.create(newTask('Waiting for the server')));
    const status = await doctor.engine.syncNow();
    expect(status).toMatchObject({ pending: 1, conflicts: 0, failed: 0 });
    expect(await doctor.record('Task', applied.id)).toMatchObject({ pending: 1, deleted: 0 });
    const asked = doctor.faults.sent.filter((r) => r.method === 'GET' && /\/Task\?.*_id=/.test(r.url));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.some((r) => r.url.includes(applied.id))).toBe(false);
  });
});
