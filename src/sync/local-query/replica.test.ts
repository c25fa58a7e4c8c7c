import type { Patient, Resource, SearchParameter, Task } from '@medplum/fhirtypes';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NodeFakeServer } from '@mocks/node';
import { ROLE_CODES } from '@mocks/seed';
import type { ApiSession } from '@tests/fixtures/api-sign-in';
import { MemoryReplicaStore } from '@/db/memory-replica';
import type { ResourceKey } from '@/db/types';
import type { LocalQueryEngine } from './engine';
import { myTasks, roleQueue, stateQueue } from '@/fhir/task-queues';
import { adHocCases, pagingCases, queueCases } from './testing/cases';
import { localAnswer, parityWorld, serverAnswer } from './testing/parity';
import { changeLocally, countingReader, putServerResources, readerOf } from './testing/replica';

const DOCTOR = 'Practitioner/practitioner-alice-smith';

interface World {
  node: NodeFakeServer;
  doctor: ApiSession;
  definitions: SearchParameter[];
  engine: LocalQueryEngine;
  store: MemoryReplicaStore;
  keys: ResourceKey[];
}

/** A fake server signed in as the doctor, and a memory replica holding its Tasks and Patients. */
async function world(): Promise<World> {
  const { node, session: doctor, definitions, engine, resources } = await parityWorld('doctor@example.com');
  const store = new MemoryReplicaStore();
  const keys = await putServerResources(store, resources);
  return { node, doctor, definitions, engine, store, keys };
}

async function replicaAnswer(w: World, resourceType: string, params: URLSearchParams) {
  return localAnswer(await w.engine.searchReplica(await readerOf(w.store, w.keys), resourceType, params));
}

describe('searches over the replica equal the server', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(() => w.node.server.close());

  const cases = [
    ...queueCases(DOCTOR),
    ...pagingCases(DOCTOR),
    ...adHocCases({
      lastUpdatedAfter: '2000-01-01T00:00:00Z',
      now: '2030-01-01T00:00:00Z',
      profiles: [DOCTOR],
    }),
  ];
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const server = await serverAnswer(w.doctor, c.resourceType, c.params);
    expect(await replicaAnswer(w, c.resourceType, c.params)).toEqual(server);
  });

  it('reads a queue page from the queue index: a page of rows and the count, no listing', async () => {
    const reader = countingReader(await readerOf(w.store, w.keys));
    const mine = await w.engine.searchReplica(reader, 'Task', myTasks(DOCTOR));
    const ny = await w.engine.searchReplica(reader, 'Task', stateQueue('NY'));
    expect(reader.lists).toEqual([]);
    expect(reader.queues.map((q) => [q.returned, q.total])).toEqual([
      [mine.resources.length, mine.total],
      [ny.resources.length, ny.total],
    ]);
    expect(ny.total).toBeGreaterThan(0);
  });

  it('loads only the queue-field candidates of a filtered search, not every task', async () => {
    const reader = countingReader(await readerOf(w.store, w.keys));
    const allTasks = (await reader.listResources('Task', [])).length;
    reader.lists.length = 0;
    // A queue with one more filter is a general search, narrowed by the owner index.
    const mine = await w.engine.searchReplica(
      reader,
      'Task',
      withFilter(myTasks(DOCTOR), 'priority', 'stat')
    );
    expect(reader.lists).toEqual([
      {
        resourceType: 'Task',
        conditions: [{ field: 'owner', anyOf: [DOCTOR] }],
        returned: expect.any(Number),
      },
    ]);
    // Every task the doctor owns (completed ones too) and nothing else.
    expect(reader.lists[0]?.returned).toBeLessThan(allTasks / 4);
    expect(reader.lists[0]?.returned).toBeGreaterThanOrEqual(mine.total);

    reader.lists.length = 0;
    const ny = await w.engine.searchReplica(reader, 'Task', withFilter(stateQueue('NY'), '_count', '5'));
    expect(reader.lists).toEqual([]);
    const nyFiltered = await w.engine.searchReplica(
      reader,
      'Task',
      withFilter(stateQueue('NY'), 'code:text', 'a')
    );
    expect(reader.lists[0]?.conditions).toEqual([
      { field: 'owner', anyOf: [''] },
      { field: 'patientState', anyOf: ['NY'] },
    ]);
    expect(reader.lists[0]?.returned).toBeLessThan(allTasks / 3);
    expect(ny.total).toBeGreaterThan(0);
    expect(nyFiltered.total).toBeLessThanOrEqual(ny.total);
    // The patients of the candidates were read by key for the chain, not all patients listed.
    expect(reader.lists.some((l) => l.resourceType === 'Patient')).toBe(false);
  });
});

function withFilter(params: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(name, value);
  return next;
}

describe('the replica answers with the user’s view', () => {
  let w: World;
  beforeEach(async () => {
    w = await world();
  });
  afterEach(() => w.node.server.close());

  const ids = async (params: URLSearchParams): Promise<string[]> =>
    (await replicaAnswer(w, 'Task', params)).ids;

  it('a task deleted here and not yet confirmed leaves every queue at once', async () => {
    const before = await replicaAnswer(w, 'Task', myTasks(DOCTOR));
    const gone = before.ids[0] ?? '';
    await changeLocally(w.store, gone, (record) => ({ ...record, deleted: 1 }));
    const after = await replicaAnswer(w, 'Task', myTasks(DOCTOR));
    expect(after.ids).not.toContain(gone);
    expect(after.total).toBe((before.total ?? 0) - 1);
    expect(after.ids).toEqual(before.ids.slice(1).concat(after.ids.slice(before.ids.length - 1)));
  });

  it('a patient deleted here takes its tasks out of the state queue', async () => {
    const before = await replicaAnswer(w, 'Task', stateQueue('CA'));
    const task = (await w.engine.searchReplica(await readerOf(w.store, w.keys), 'Task', stateQueue('CA')))
      .resources[0] as Task;
    const patient = task.for?.reference ?? '';
    await changeLocally(w.store, patient, (record) => ({ ...record, deleted: 1 }));
    const after = await replicaAnswer(w, 'Task', stateQueue('CA'));
    expect(after.ids).not.toContain(`Task/${task.id}`);
    expect(after.total).toBeLessThan(before.total ?? 0);
  });

  it('a task claimed offline is in My Tasks and out of its queues, as the server has it after the push', async () => {
    const nyQueue = await replicaAnswer(w, 'Task', stateQueue('NY'));
    const key = nyQueue.ids[0] ?? '';
    const claim = { op: 'add', path: '/owner', value: { reference: DOCTOR } } as const;
    await changeLocally(w.store, key, (record) => ({
      ...record,
      resource: { ...(record.resource as Task), owner: claim.value },
    }));
    const task = (await readerOf(w.store, [key])).getResources([key]);
    const performer = ((await task)[0]?.resource as Task).performerType?.[0]?.coding?.[0]?.code ?? '';

    const mine = await ids(myTasks(DOCTOR));
    expect(mine).toContain(key);
    expect(await ids(stateQueue('NY'))).not.toContain(key);
    // The server has not seen the claim yet: its queues differ from the user's view.
    expect((await serverAnswer(w.doctor, 'Task', stateQueue('NY'))).ids).toContain(key);

    const pushed = await w.doctor.fetch(`fhir/R4/${key}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json-patch+json' },
      body: JSON.stringify([claim]),
    });
    expect(pushed.status).toBe(200);
    for (const params of [myTasks(DOCTOR), stateQueue('NY'), roleQueue(performer)]) {
      expect(await replicaAnswer(w, 'Task', params)).toEqual(await serverAnswer(w.doctor, 'Task', params));
    }
  });

  it('a patient who moved state offline moves their tasks between state queues', async () => {
    const txQueue = await w.engine.searchReplica(await readerOf(w.store, w.keys), 'Task', stateQueue('TX'));
    const patientKey = (txQueue.resources[0] as Task).for?.reference ?? '';
    let moved: Resource | undefined;
    await changeLocally(w.store, patientKey, (record) => {
      const patient = record.resource as Patient;
      moved = { ...patient, address: (patient.address ?? []).map((a) => ({ ...a, state: 'CA' })) };
      return { ...record, resource: moved };
    });
    const taskKeys = txQueue.resources
      .filter((t) => (t as Task).for?.reference === patientKey)
      .map((t) => `Task/${t.id}`);
    expect(await ids(stateQueue('TX'))).not.toContain(taskKeys[0]);
    expect(
      (await replicaAnswer(w, 'Task', new URLSearchParams(`${stateQueue('CA')}&_count=100`))).ids
    ).toEqual(expect.arrayContaining(taskKeys));

    const put = await w.doctor.fetch(`fhir/R4/${patientKey}`, { method: 'PUT', body: JSON.stringify(moved) });
    expect(put.status).toBe(200);
    for (const state of ['TX', 'CA']) {
      const params = new URLSearchParams(`${stateQueue(state)}&_count=100`);
      expect(await replicaAnswer(w, 'Task', params)).toEqual(await serverAnswer(w.doctor, 'Task', params));
    }
  });

  it('role queues read the performer codes of the user’s view', async () => {
    const code = ROLE_CODES.careTeamCoordinator;
    const queue = await replicaAnswer(w, 'Task', roleQueue(code));
    const key = queue.ids[0] ?? '';
    await changeLocally(w.store, key, (record) => ({
      ...record,
      resource: { ...(record.resource as Task), performerType: [{ coding: [{ code: ROLE_CODES.doctor }] }] },
    }));
    expect(await ids(roleQueue(code))).not.toContain(key);
    expect(
      (await replicaAnswer(w, 'Task', new URLSearchParams(`${roleQueue(ROLE_CODES.doctor)}&_count=100`))).ids
    ).toContain(key);
  });
});
