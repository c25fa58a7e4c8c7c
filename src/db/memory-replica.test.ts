import { describe, expect, it } from 'vitest';
import { MemoryReplicaStore } from './memory-replica';
import { patient, recordOf, task } from './testing/fixtures';
import { describeReplicaContract } from './testing/replica-contract';

describeReplicaContract('MemoryReplicaStore', async () => ({
  store: new MemoryReplicaStore(),
  dispose: async () => undefined,
}));

describe('MemoryReplicaStore indexes', () => {
  /** What a walk over every record finds: the answer the indexes must give. */
  const scan = (store: MemoryReplicaStore) => {
    const records = store.records();
    return {
      ofPatient: (patient: string) =>
        records
          .filter((record) => record.patient === patient)
          .map((record) => record.key)
          .sort(),
      ofType: (type: string) =>
        records
          .filter((record) => record.resourceType === type)
          .map((record) => record.key)
          .sort(),
    };
  };

  it('a patient’s tasks and a type’s keys come from the indexes as a scan finds them, through moves, removals and rolled-back transactions', async () => {
    const store = new MemoryReplicaStore();
    await store.transaction(async (tx) => {
      await tx.putResources([
        recordOf(patient('p1', 'NY')),
        recordOf(patient('p2', 'TX')),
        ...['t1', 't2', 't3'].map((id) => recordOf(task(id, { for: { reference: 'Patient/p1' } }))),
        recordOf(task('t4', { for: { reference: 'Patient/p2' } })),
      ]);
      // t2 moves to p2, t3 leaves any patient, t4 is removed.
      await tx.putResource(recordOf(task('t2', { for: { reference: 'Patient/p2' } })));
      await tx.putResource(recordOf(task('t3')));
      await tx.removeResource('Task/t4');
    });
    // A transaction that fails: its moves and removals are undone, the indexes with them.
    await expect(
      store.transaction(async (tx) => {
        await tx.putResource(recordOf(task('t1', { for: { reference: 'Patient/p2' } })));
        await tx.removeResource('Patient/p1');
        await tx.putResource(recordOf(task('t5', { for: { reference: 'Patient/p1' } })));
        throw new Error('boom');
      })
    ).rejects.toThrow('boom');

    const expected = scan(store);
    const keys = (records: { key: string }[]) => records.map((record) => record.key).sort();
    await store.transaction(async (tx) => {
      for (const p of ['Patient/p1', 'Patient/p2', 'Patient/p9'])
        expect(keys(await tx.tasksOfPatient(p))).toEqual(expected.ofPatient(p));
      for (const type of ['Task', 'Patient', 'Practitioner'])
        expect((await tx.keysOfType(type)).sort()).toEqual(expected.ofType(type));
    });
    expect(expected.ofPatient('Patient/p1')).toEqual(['Task/t1']);
    expect(expected.ofPatient('Patient/p2')).toEqual(['Task/t2']);
    expect(expected.ofType('Task')).toEqual(['Task/t1', 'Task/t2', 'Task/t3']);
    expect((await store.transaction((tx) => tx.getResource('Task/t2')))?.patientState).toBe('TX');
  });
});
