import { expect, it } from 'vitest';
import type { ReplicaStore, StoredResource } from '../types';
import { outboxEntry, patient, recordOf, task } from './fixtures';

/**
 * The batch reads and writes of every ReplicaStore (what a pull stores in a few round trips): each
 * must leave the replica as the one-record calls made in turn would. Called inside the contract's
 * describe with its store opener.
 */
export function batchContract(withStore: (test: (store: ReplicaStore) => Promise<void>) => Promise<void>) {
  /** The fields a list or a queue reads of each record, by key. */
  const queueFields = (records: (StoredResource | undefined)[]) =>
    Object.fromEntries(
      records.flatMap((record) =>
        record
          ? [[record.key, { patient: record.patient, state: record.patientState, queue: record.queue }]]
          : []
      )
    );

  it('putResources stores a batch as putResource in turn would: tasks before their patient, held tasks of a patient in the batch (no task in the wrong state queue)', async () => {
    const held = [
      recordOf(patient('p1', 'NY')),
      recordOf(patient('p2', 'TX')),
      recordOf(task('held-1', { for: { reference: 'Patient/p1' } })),
      recordOf(task('held-2', { for: { reference: 'Patient/p2' } })),
    ];
    const batch = [
      recordOf(task('t1', { for: { reference: 'Patient/p1' } })),
      recordOf(task('t2', { for: { reference: 'Patient/p2' } })),
      recordOf(task('t3', { for: { reference: 'Patient/p3' } })),
      recordOf(patient('p1', 'CA')),
      recordOf(patient('p3', 'WA')),
      recordOf(task('t1', { for: { reference: 'Patient/p3' }, status: 'in-progress' })),
    ];
    const keys = ['Task/t1', 'Task/t2', 'Task/t3', 'Task/held-1', 'Task/held-2', 'Patient/p1'];
    const states = async (put: (store: ReplicaStore) => Promise<void>) => {
      let result: ReturnType<typeof queueFields> = {};
      await withStore(async (store) => {
        await store.transaction(async (tx) => {
          for (const record of held) await tx.putResource(record);
        });
        await put(store);
        result = await store.transaction(async (tx) => queueFields(await tx.getResourcesByKeys(keys)));
      });
      return result;
    };
    const oneByOne = await states((store) =>
      store.transaction(async (tx) => {
        for (const record of batch) await tx.putResource(record);
      })
    );
    const together = await states((store) => store.transaction((tx) => tx.putResources(batch)));
    expect(together).toEqual(oneByOne);
    expect(together['Task/held-1']?.state).toBe('CA');
    expect(together['Task/t1']?.state).toBe('WA');
    expect(together['Task/t2']?.state).toBe('TX');
  });

  it('getResourcesByKeys answers in the keys’ order, undefined where none, a key asked twice twice (no record taken for another)', () =>
    withStore(async (store) => {
      await store.transaction((tx) => tx.putResources([recordOf(task('t1')), recordOf(task('t2'))]));
      const keys = ['Task/t2', 'Task/none', 'Task/t1', 'Task/t2'];
      // Read as for records held and as for a first load's, mostly new: the same answer.
      for (const mostlyNew of [false, true]) {
        const found = await store.transaction((tx) => tx.getResourcesByKeys(keys, { mostlyNew }));
        expect(found.map((record) => record?.key)).toEqual(['Task/t2', undefined, 'Task/t1', 'Task/t2']);
      }
    }));

  it('outboxOfKeys gives each resource its own entries oldest first (no change applied out of order)', () =>
    withStore(async (store) => {
      await store.transaction(async (tx) => {
        await tx.addOutbox(outboxEntry('Task/t1', 'Claim Task'));
        await tx.addOutbox(outboxEntry('Task/t2', 'Add Note'));
        await tx.addOutbox(outboxEntry('Task/t1', 'Complete Task'));
        await tx.addOutbox(outboxEntry('Task/t3', 'Add Note'));
      });
      const byKey = await store.transaction((tx) => tx.outboxOfKeys(['Task/t1', 'Task/t3', 'Task/t9']));
      expect([...byKey.keys()].sort()).toEqual(['Task/t1', 'Task/t3']);
      expect(byKey.get('Task/t1')?.map((entry) => entry.label)).toEqual(['Claim Task', 'Complete Task']);
      expect(byKey.get('Task/t3')?.map((entry) => entry.label)).toEqual(['Add Note']);
      expect((await store.transaction((tx) => tx.outboxOfKeys([]))).size).toBe(0);
    }));

  it('the outbox and meta batch calls store and remove as the one-entry calls would (no queued change lost or kept twice)', () =>
    withStore(async (store) => {
      const seqs = await store.transaction(async (tx) => [
        await tx.addOutbox(outboxEntry('Task/t1', 'Claim Task')),
        await tx.addOutbox(outboxEntry('Task/t1', 'Add Note')),
        await tx.addOutbox(outboxEntry('Task/t2', 'Pause Task')),
      ]);
      const [claim = 0, note = 0, pause = 0] = seqs;
      await store.transaction(async (tx) => {
        const kept = await tx.getOutbox(note);
        if (!kept) throw new Error('The note is not in the outbox');
        await tx.removeOutboxEntries([claim, pause]);
        await tx.putOutboxEntries([{ ...kept, baseVersionId: '2', revision: kept.revision + 1 }]);
        await tx.putMetaValues([
          ['made:Task/t1', [['1', '2']]],
          ['made:Task/t2', [['4', '5']]],
        ]);
      });
      const outbox = await store.transaction((tx) => tx.listOutbox());
      expect(outbox.map((entry) => [entry.label, entry.baseVersionId, entry.revision])).toEqual([
        ['Add Note', '2', 2],
      ]);
      const meta = await store.transaction((tx) =>
        tx.getMetaValues<[string, string][]>(['made:Task/t2', 'made:none', 'made:Task/t1'])
      );
      expect(meta).toEqual([[['4', '5']], undefined, [['1', '2']]]);
      expect(await store.transaction((tx) => tx.getMetaValues([]))).toEqual([]);
    }));

  it('a batch in a transaction that throws stores nothing', () =>
    withStore(async (store) => {
      const failure = store.transaction(async (tx) => {
        await tx.putResources([recordOf(patient('p1', 'NY')), recordOf(task('t1'))]);
        throw new Error('boom');
      });
      await expect(failure).rejects.toThrow('boom');
      const found = await store.transaction((tx) => tx.getResourcesByKeys(['Patient/p1', 'Task/t1']));
      expect(found).toEqual([undefined, undefined]);
    }));
}
