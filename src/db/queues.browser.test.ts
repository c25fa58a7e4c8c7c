import { liveQuery } from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@medplum/fhirtypes';
import {
  allTasks,
  getRecord,
  liveQueues,
  myTasks,
  pendingChangeCount,
  roleQueue,
  stateQueue,
} from './queues';
import { openTestReplica } from './testing/dexie-harness';
import { outboxEntry, patient, recordOf, task } from './testing/fixtures';
import type { StoredResource } from './types';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const OWNERS = ['Practitioner/alice', 'Practitioner/bob', 'Practitioner/carol', ''];
const STATES = ['NY', 'CA', 'TX'];
const STATUSES: Task['status'][] = ['ready', 'requested', 'in-progress', 'on-hold', 'completed', 'cancelled'];
const PRIORITIES: (Task['priority'] | undefined)[] = ['stat', 'asap', 'urgent', 'routine', undefined];
const ROLES = ['doctor', 'nurse', 'coordinator'];
// Few distinct dates, so ties on priority and due date are common and their order is checked too.
const DUE_DATES = ['', '2026-03-01T09:00:00.000Z', '2026-03-02T09:00:00.000Z', '2026-03-03T09:00:00.000Z'];

interface Expected {
  key: string;
  owner: string;
  status: string;
  priority: number;
  due: string;
  roles: string[];
  state: string | undefined;
  deleted: boolean;
  lastUpdated: string;
}

/** The reference: what each queue holds, worked out from the generated data with plain arrays. */
function byQueueOrder(a: Expected, b: Expected): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  if (a.due !== b.due) {
    if (!a.due) return 1;
    if (!b.due) return -1;
    return a.due < b.due ? -1 : 1;
  }
  return a.key < b.key ? -1 : 1;
}

const PRIORITY_VALUE: Record<string, number> = { stat: 50, asap: 40, urgent: 30, routine: 20 };
const open = (row: Expected) => !row.deleted && row.status !== 'completed';

describe('queue queries over random tasks', () => {
  const replica = openTestReplica('queues');
  const expected: Expected[] = [];
  const keysOf = (records: StoredResource[]) => records.map((record) => record.key);
  const keysIn = (rows: Expected[]) => rows.map((row) => row.key);

  beforeAll(async () => {
    const next = random(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const patientStates = new Map<string, string | undefined>();
    const records: StoredResource[] = [];
    for (let i = 0; i < 60; i++) {
      const state = i % 10 === 9 ? undefined : pick(STATES);
      patientStates.set(`Patient/p${i}`, state);
      records.push(recordOf(patient(`p${i}`, state)));
    }
    for (let i = 0; i < 900; i++) {
      const owner = pick(OWNERS);
      const status = pick(STATUSES);
      const priority = pick(PRIORITIES);
      const due = pick(DUE_DATES);
      const roles = ROLES.filter(() => next() < 0.4);
      const patientKey = next() < 0.95 ? `Patient/p${Math.floor(next() * 60)}` : undefined;
      const lastUpdated = new Date(Date.UTC(2026, 0, 1) + Math.floor(next() * 500) * 60_000).toISOString();
      const deleted = next() < 0.05;
      const id = `t${String(i).padStart(4, '0')}`;
      const resource = task(id, {
        status,
        meta: { versionId: '1', lastUpdated },
        ...(priority ? { priority } : {}),
        ...(owner ? { owner: { reference: owner } } : {}),
        ...(roles.length ? { performerType: roles.map((code) => ({ coding: [{ code }] })) } : {}),
        ...(patientKey ? { for: { reference: patientKey } } : {}),
        ...(due ? { restriction: { period: { end: due } } } : {}),
      });
      records.push(recordOf(resource, { deleted: deleted ? 1 : 0 }));
      expected.push({
        key: `Task/${id}`,
        owner,
        status,
        priority: PRIORITY_VALUE[priority ?? ''] ?? 10,
        due,
        roles,
        state: patientKey ? patientStates.get(patientKey) : undefined,
        deleted,
        lastUpdated,
      });
    }
    // Tasks first and patients after, half of them, as a pull may deliver them.
    const [patients, tasks] = [records.slice(0, 60), records.slice(60)];
    await replica.store.transaction(async (tx) => {
      for (const record of patients.slice(0, 30)) await tx.putResource(record);
      for (const record of tasks) await tx.putResource(record);
      for (const record of patients.slice(30)) await tx.putResource(record);
    });
  });

  afterAll(() => replica.dispose());

  it('My Tasks holds my open tasks in priority, then due-date order (no task missing from my list)', async () => {
    for (const owner of OWNERS.slice(0, 3)) {
      const mine = expected.filter((row) => row.owner === owner && open(row)).sort(byQueueOrder);
      expect(mine.length).toBeGreaterThan(40);
      for (const offset of [0, 20, 40]) {
        const page = await myTasks(replica.store.db, owner, { offset, count: 20 });
        expect(keysOf(page.items)).toEqual(keysIn(mine.slice(offset, offset + 20)));
        expect(page.hasMore).toBe(mine.length > offset + 20);
      }
      const whole = await myTasks(replica.store.db, owner, { count: 10_000 });
      expect(keysOf(whole.items)).toEqual(keysIn(mine));
      expect(whole.hasMore).toBe(false);
    }
  });

  it('a role queue holds the unowned open tasks of that role, in queue order', async () => {
    for (const role of ROLES) {
      const queue = expected
        .filter((row) => row.owner === '' && open(row) && row.roles.includes(role))
        .sort(byQueueOrder);
      expect(queue.length).toBeGreaterThan(10);
      const first = await roleQueue(replica.store.db, role);
      expect(keysOf(first.items)).toEqual(keysIn(queue.slice(0, 20)));
      const whole = await roleQueue(replica.store.db, role, { count: 10_000 });
      expect(keysOf(whole.items)).toEqual(keysIn(queue));
    }
  });

  it("a state queue holds the unowned open tasks of that state's patients, in queue order", async () => {
    for (const state of STATES) {
      const queue = expected
        .filter((row) => row.owner === '' && open(row) && row.state === state)
        .sort(byQueueOrder);
      expect(queue.length).toBeGreaterThan(10);
      const first = await stateQueue(replica.store.db, state);
      expect(keysOf(first.items)).toEqual(keysIn(queue.slice(0, 20)));
      const whole = await stateQueue(replica.store.db, state, { count: 10_000 });
      expect(keysOf(whole.items)).toEqual(keysIn(queue));
    }
  });

  it('All Tasks lists every task not deleted, newest first, with Active and Completed tabs', async () => {
    const newestFirst = (a: Expected, b: Expected) =>
      a.lastUpdated !== b.lastUpdated ? (a.lastUpdated < b.lastUpdated ? 1 : -1) : a.key < b.key ? 1 : -1;
    const visible = expected.filter((row) => !row.deleted).sort(newestFirst);
    const cases = [
      [undefined, visible],
      ['active', visible.filter((row) => row.status !== 'completed')],
      ['completed', visible.filter((row) => row.status === 'completed')],
    ] as const;
    for (const [status, rows] of cases) {
      const first = await allTasks(replica.store.db, { status, count: 25 });
      expect(keysOf(first.items)).toEqual(keysIn(rows.slice(0, 25)));
      const second = await allTasks(replica.store.db, { status, offset: 25, count: 25 });
      expect(keysOf(second.items)).toEqual(keysIn(rows.slice(25, 50)));
      const whole = await allTasks(replica.store.db, { status, count: 10_000 });
      expect(whole.items).toHaveLength(rows.length);
    }
  });

  it('get returns one record by key', async () => {
    expect((await getRecord(replica.store.db, 'Task/t0001'))?.id).toBe('t0001');
    expect(await getRecord(replica.store.db, 'Task/none')).toBeUndefined();
  });
});

describe('live queues', () => {
  it('a task claimed here appears in My Tasks at once (no stale list after an action)', async () => {
    const replica = openTestReplica('live');
    try {
      const db = replica.store.db;
      await replica.store.transaction((tx) => tx.putResource(recordOf(task('t1', { priority: 'stat' }))));
      const pages: string[][] = [];
      const counts: number[] = [];
      const subscription = liveQuery(liveQueues(db).myTasks('Practitioner/alice')).subscribe((page) =>
        pages.push(keysOfPage(page.items))
      );
      const countSubscription = liveQuery(liveQueues(db).pendingChangeCount()).subscribe((count) =>
        counts.push(count)
      );
      await expect.poll(() => pages).toEqual([[]]);
      await replica.store.transaction(async (tx) => {
        const claimed = task('t1', { priority: 'stat', owner: { reference: 'Practitioner/alice' } });
        await tx.putResource(recordOf(claimed, { pending: 1 }));
        await tx.addOutbox(outboxEntry('Task/t1', 'Claim Task'));
      });
      await expect.poll(() => pages.at(-1)).toEqual(['Task/t1']);
      await expect.poll(() => counts.at(-1)).toBe(1);
      expect(await pendingChangeCount(db)).toBe(1);
      subscription.unsubscribe();
      countSubscription.unsubscribe();
    } finally {
      await replica.dispose();
    }
  });
});

function keysOfPage(items: StoredResource[]): string[] {
  return items.map((item) => item.key);
}
