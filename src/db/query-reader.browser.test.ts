import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dexieQueryReader, meetsCondition } from './query-reader';
import { openTestReplica } from './testing/dexie-harness';
import { patient, recordOf, task } from './testing/fixtures';
import type { FieldCondition, StoredResource } from './types';

const OWNERS = ['Practitioner/alice', 'Practitioner/bob', ''];
const STATES = ['NY', 'CA', 'TX'];
const STATUSES = ['ready', 'in-progress', 'on-hold', 'completed'] as const;
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
});
