import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedForm } from './derive';
import { dexieQueryReader, meetsCondition, queuePageOf } from './query-reader';
import { queuePrefix, type QueueSelector } from './queue-keys';
import { openTestReplica } from './testing/dexie-harness';
import { patient, recordOf, task } from './testing/fixtures';
import type { FieldCondition, StoredResource } from './types';

const OWNERS = ['Practitioner/alice', 'Practitioner/bob', ''];
const STATES = ['NY', 'CA', 'TX'];
const STATUSES = ['ready', 'in-progress', 'on-hold', 'completed'] as const;
const PRIORITIES = ['stat', 'routine', 'urgent', 'asap'] as const;
// Moduli that share no factor, so owners, statuses, roles and states meet in every combination.
const PATIENTS = 11;

describe('the local query engine reading IndexedDB', () => {
  const replica = openTestReplica('reader');
  const reader = dexieQueryReader(replica.store.db);
  const records: StoredResource[] = [];

  beforeAll(async () => {
    for (let i = 0; i < PATIENTS; i++) records.push(recordOf(patient(`p${i}`, STATES[i % 3])));
    for (let i = 0; i < 240; i++) {
      const owner = OWNERS[i % 3] as string;
      records.push(
        recordOf(
          task(`t${i}`, {
            status: STATUSES[i % 4],
            ...(owner ? { owner: { reference: owner } } : {}),
            performerType: [{ coding: [{ code: i % 5 === 0 ? 'doctor' : 'nurse' }] }],
            for: { reference: `Patient/p${i % PATIENTS}` },
            ...(i % 7 === 0 ? {} : { priority: PRIORITIES[i % 4] }),
            ...(i % 6 === 0 ? {} : { restriction: { period: { end: `2026-03-${10 + (i % 13)}` } } }),
          })
        )
      );
    }
    await replica.store.transaction(async (tx) => {
      for (const record of records) await tx.putResource(record);
    });
  });
  afterAll(() => replica.dispose());

  const stored = async (): Promise<StoredResource[]> => replica.store.db.resources.toArray();
  const expectedKeys = async (conditions: FieldCondition[]): Promise<string[]> =>
    (await stored())
      .filter((r) => r.resourceType === 'Task' && conditions.every((c) => meetsCondition(r, c)))
      .map((r) => r.key)
      .sort();

  const cases: [string, FieldCondition[]][] = [
    ["a doctor's own tasks", [{ field: 'owner', anyOf: ['Practitioner/alice'] }]],
    [
      'the unowned tasks of the doctor role',
      [
        { field: 'owner', anyOf: [''] },
        { field: 'performer', anyOf: ['doctor'] },
      ],
    ],
    [
      'the unowned NY tasks still open',
      [
        { field: 'patientState', anyOf: ['NY'] },
        { field: 'owner', anyOf: [''] },
        { field: 'status', anyOf: ['ready', 'in-progress'] },
      ],
    ],
  ];
  for (const [name, conditions] of cases) {
    it(`loads exactly ${name} through the indexes`, async () => {
      const found = (await reader.listResources('Task', conditions)).map((r) => r.key).sort();
      expect(found.length).toBeGreaterThan(0);
      expect(found).toEqual(await expectedKeys(conditions));
    });
  }

  it('loads every record of a type when nothing narrows', async () => {
    expect(await reader.listResources('Patient', [])).toHaveLength(PATIENTS);
  });

  it('finds the patients a chain reaches by key, skipping keys it does not hold', async () => {
    const found = await reader.getResources(['Patient/p1', 'Patient/p2', 'Patient/missing']);
    expect(found.map((r) => r.key).sort()).toEqual(['Patient/p1', 'Patient/p2']);
  });

  it('lists the states the replica holds tasks for', async () => {
    expect((await reader.distinctValues('Task', 'patientState')).sort()).toEqual(['CA', 'NY', 'TX']);
  });

  const queues: [string, QueueSelector[]][] = [
    ["alice's open tasks", [{ kind: 'owner', owner: 'Practitioner/alice', open: true }]],
    [
      "bob's tasks, both tabs",
      [
        { kind: 'owner', owner: 'Practitioner/bob', open: true },
        { kind: 'owner', owner: 'Practitioner/bob', open: false },
      ],
    ],
    ['the doctor role queue', [{ kind: 'role', code: 'doctor' }]],
    [
      'the NY and CA state queues',
      [
        { kind: 'state', state: 'NY' },
        { kind: 'state', state: 'CA' },
      ],
    ],
    ['every completed task', [{ kind: 'all', open: false }]],
  ];
  for (const [name, selectors] of queues) {
    it(`reads ${name} in queue order, page by page, with its size`, async () => {
      const prefixes = selectors.map(queuePrefix);
      const all = await stored();
      for (const [offset, count] of [
        [0, 20],
        [7, 5],
        [35, 20],
        [0, 0],
      ] as const) {
        const page = await reader.queuePage({ prefixes, offset, count });
        const expected = queuePageOf(all, { prefixes, offset, count });
        expect(expected.total).toBeGreaterThan(0);
        expect({ keys: page.records.map((r) => r.key), total: page.total }).toEqual({
          keys: expected.records.map((r) => r.key),
          total: expected.total,
        });
      }
    });
  }

  it('keeps its copy of a listed type current with every change of the replica', async () => {
    const owned = [{ field: 'owner', anyOf: ['Practitioner/carol'] }] as FieldCondition[];
    await reader.listResources('Task', []);
    const keysOf = async () => (await reader.listResources('Task', owned)).map((r) => r.key).sort();
    const carol = (id: string) => recordOf(task(id, { owner: { reference: 'Practitioner/carol' } }));

    await replica.store.transaction((tx) => tx.putResource(carol('late')));
    expect(await keysOf()).toEqual(['Task/late']);
    await replica.store.transaction((tx) => tx.removeResource('Task/late'));
    expect(await keysOf()).toEqual([]);
    // A bulk write is reported as a range: the copy is read again.
    const many = Array.from({ length: 60 }, (_, i) => carol(`bulk${String(i).padStart(2, '0')}`));
    await replica.store.db.resources.bulkPut(
      await Promise.all(many.map((r) => storedForm(r, () => undefined)))
    );
    expect(await keysOf()).toEqual(many.map((r) => r.key).sort());
  });
});
