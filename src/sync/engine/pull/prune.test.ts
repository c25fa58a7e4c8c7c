import type { Task } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFakeServer } from '@mocks/node';
import { ALICE_SMITH_ID, BOB_JONES_ID } from '@mocks/seed';
import { serverRecord } from '@/db/derive';
import type { StoredResource } from '@/db/types';
import { device, type Device } from '@/sync/engine/testing/harness';
import { taskChanges } from '@/sync/engine/testing/task-changes';
import { inMyQueues, tasksBeyondCap, type QueueScope, type StoredScope } from './prune';
import { META_SCOPE } from '@/sync/engine/types';

const { server, baseUrl } = createNodeFakeServer();
const ALICE = `Practitioner/${ALICE_SMITH_ID}`;
const BOB = `Practitioner/${BOB_JONES_ID}`;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const SCOPE: QueueScope = { me: ALICE, roleCodes: ['doctor'], states: ['NY'] };

function taskRecord(
  id: string,
  updated: string,
  fields: Partial<Task> = {},
  extra: Partial<StoredResource> = {}
) {
  const task: Task = {
    resourceType: 'Task',
    id,
    meta: { versionId: '1', lastUpdated: `2026-01-${updated}T00:00:00.000Z` },
    status: 'ready',
    intent: 'order',
    ...fields,
  };
  return { ...serverRecord(task), ...extra };
}

describe('tasksBeyondCap', () => {
  it('prunes the least recently updated tasks outside my queues, down to the cap', () => {
    const tasks = [
      taskRecord('new', '20', { owner: { reference: BOB } }),
      taskRecord('old', '01', { owner: { reference: BOB } }),
      taskRecord('mid', '10'),
      taskRecord('oldest-mine', '01', { owner: { reference: ALICE }, status: 'completed' }),
      taskRecord('oldest-role', '01', { performerType: [{ coding: [{ code: 'doctor' }] }] }),
      taskRecord('oldest-state', '01', {}, { patientState: 'NY' }),
    ];
    expect(tasksBeyondCap(tasks, 1, SCOPE, new Set())).toEqual(['Task/old', 'Task/mid']);
    expect(tasksBeyondCap(tasks, 3, SCOPE, new Set())).toEqual([]);
  });

  it('never prunes a task with unsent changes, a local create or a conflict (no edit lost)', () => {
    const tasks = [
      taskRecord('pending', '01', {}, { pending: 1 }),
      taskRecord('created-here', '01', {}, { server: undefined, pending: 1 }),
      taskRecord('conflict', '02'),
      taskRecord('plain', '03'),
      taskRecord('newest', '04'),
    ];
    expect(tasksBeyondCap(tasks, 1, SCOPE, new Set(['Task/conflict']))).toEqual([
      'Task/plain',
      'Task/newest',
    ]);
  });

  it('a completed unowned task of my role is outside my queues (prunable)', () => {
    const done = taskRecord('done', '01', {
      status: 'completed',
      performerType: [{ coding: [{ code: 'doctor' }] }],
    });
    expect(inMyQueues(done, SCOPE)).toBe(false);
  });
});

/** The doctor's tasks: those of her queues and the others, least recently updated first. */
async function census(target: Device): Promise<{ queue: string[]; outside: StoredResource[] }> {
  return target.replica.transaction(async (tx) => {
    const stored = await tx.getMeta<StoredScope>(META_SCOPE);
    const scope: QueueScope = { me: ALICE, roleCodes: stored?.roleCodes ?? [], states: stored?.states ?? [] };
    const records: StoredResource[] = [];
    for (const key of await tx.keysOfType('Task')) {
      const record = await tx.getResource(key);
      if (record) records.push(record);
    }
    records.sort((a, b) => (a.lastUpdated < b.lastUpdated ? -1 : a.lastUpdated > b.lastUpdated ? 1 : 0));
    return {
      queue: records.filter((r) => inMyQueues(r, scope)).map((r) => r.key),
      outside: records.filter((r) => !inMyQueues(r, scope)),
    };
  });
}

/** Tasks a colleague creates for herself: outside the doctor's queues. */
async function colleagueTasks(nurse: Device, count: number, label: string): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const { resource } = await nurse.server.create<Task>({
      resourceType: 'Task',
      status: 'ready',
      intent: 'order',
      owner: { reference: BOB },
      description: `${label} ${i}`,
    });
    keys.push(`Task/${resource.id ?? ''}`);
  }
  return keys;
}

describe('the All Tasks cap after the first load', () => {
  it("a replica at the cap stays at the cap as a colleague's tasks arrive; my queues and unsent changes stay", async () => {
    const cap = 12;
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, { allTasksCap: cap });
    const nurse = await device(baseUrl, 'nurse@example.com', BOB_JONES_ID);
    await doctor.engine.syncNow();
    const first = await census(doctor);
    expect(first.outside.length).toBeGreaterThan(1);
    expect(first.outside.length).toBeLessThanOrEqual(cap);

    // My note on the least recently updated task outside my queues waits: the server is busy.
    const waiting = first.outside[0];
    if (!waiting) throw new Error('no task outside the queues');
    doctor.faults.inject('PATCH', new RegExp(`/${waiting.key}`), 'server-error', Infinity);
    await doctor.engine.applyChange(
      taskChanges.note(waiting.resource as Task, 'Still mine', ALICE, '2026-01-05T00:00:00Z')
    );

    const arrived = await colleagueTasks(nurse, cap, 'First round');
    await doctor.engine.syncNow();
    const atCap = await census(doctor);
    expect(atCap.outside).toHaveLength(cap);
    expect(atCap.queue).toEqual(expect.arrayContaining(first.queue));
    const outsideKeys = atCap.outside.map((r) => r.key);
    expect(outsideKeys).toContain(waiting.key);
    expect(outsideKeys).toEqual(expect.arrayContaining(arrived.slice(1)));
    for (const older of first.outside.slice(1)) expect(outsideKeys).not.toContain(older.key);

    const more = await colleagueTasks(nurse, 3, 'Second round');
    await doctor.engine.syncNow();
    const after = await census(doctor);
    expect(after.outside).toHaveLength(cap);
    expect(after.queue).toEqual(expect.arrayContaining(first.queue));
    expect(after.outside.map((r) => r.key)).toEqual(expect.arrayContaining([waiting.key, ...more]));
    expect((await doctor.record('Task', waiting.id))?.pending).toBe(1);
  });
});
