import { describe, expect, it } from 'vitest';
import type { ReplicaStore } from '../types';
import { outboxEntry, patient, recordOf, task } from './fixtures';
import { batchContract } from './replica-batch-contract';

/** A store under test and how to throw it away. */
export interface ReplicaUnderTest {
  store: ReplicaStore;
  dispose(): Promise<void>;
}

/**
 * The behaviour every ReplicaStore shares, run against the memory store (node) and the IndexedDB
 * store (headless Chromium) so the sync engine's tests on the one hold for the other. Each test is
 * named after the loss it guards against.
 */
export function describeReplicaContract(name: string, open: () => Promise<ReplicaUnderTest>): void {
  describe(`ReplicaStore contract: ${name}`, () => {
    async function withStore(test: (store: ReplicaStore) => Promise<void>): Promise<void> {
      const { store, dispose } = await open();
      try {
        await test(store);
      } finally {
        await dispose();
      }
    }

    batchContract(withStore);

    it('a transaction that throws stores nothing (no half-applied change)', () =>
      withStore(async (store) => {
        await store.transaction((tx) => tx.putResource(recordOf(task('t1', { status: 'ready' }))));
        const failure = store.transaction(async (tx) => {
          await tx.putResource(recordOf(task('t1', { status: 'completed' })));
          await tx.putResource(recordOf(task('t2')));
          await tx.addOutbox(outboxEntry('Task/t1', 'Complete Task'));
          await tx.putMeta('m', 1);
          await tx.putCursor({ resourceType: 'Task', since: 'x', mode: 'history' });
          throw new Error('the second half failed');
        });
        await expect(failure).rejects.toThrow('the second half failed');
        await store.transaction(async (tx) => {
          expect((await tx.getResource('Task/t1'))?.status).toBe('ready');
          expect(await tx.getResource('Task/t2')).toBeUndefined();
          expect(await tx.listOutbox()).toEqual([]);
          expect(await tx.getMeta('m')).toBeUndefined();
          expect(await tx.getCursor('Task')).toBeUndefined();
        });
      }));

    it('a transaction sees its own writes before it commits (no change read back stale)', () =>
      withStore(async (store) => {
        const seen = await store.transaction(async (tx) => {
          await tx.putResource(recordOf(task('t1', { status: 'on-hold' })));
          const seq = await tx.addOutbox(outboxEntry('Task/t1', 'Pause Task'));
          return { record: await tx.getResource('Task/t1'), entry: await tx.getOutbox(seq) };
        });
        expect(seen.record?.status).toBe('on-hold');
        expect(seen.entry?.label).toBe('Pause Task');
      }));

    it('outbox entries keep the order they were made in (no edit sent out of order)', () =>
      withStore(async (store) => {
        const seqs = await store.transaction(async (tx) => [
          await tx.addOutbox(outboxEntry('Task/a', 'Claim Task')),
          await tx.addOutbox(outboxEntry('Task/b', 'Add Note')),
        ]);
        const third = await store.transaction((tx) => tx.addOutbox(outboxEntry('Task/a', 'Complete Task')));
        expect(seqs[0]).toBeLessThan(seqs[1] ?? 0);
        expect(seqs[1]).toBeLessThan(third);
        await store.transaction(async (tx) => {
          expect((await tx.listOutbox()).map((entry) => entry.label)).toEqual([
            'Claim Task',
            'Add Note',
            'Complete Task',
          ]);
          expect((await tx.outboxOf('Task/a')).map((entry) => entry.seq)).toEqual([seqs[0], third]);
        });
      }));

    it('an edited outbox entry keeps its seq and its new revision (no retry state lost)', () =>
      withStore(async (store) => {
        const seq = await store.transaction((tx) => tx.addOutbox(outboxEntry('Task/a', 'Claim Task')));
        await store.transaction(async (tx) => {
          const entry = await tx.getOutbox(seq);
          if (!entry) throw new Error('entry missing');
          await tx.putOutbox({ ...entry, attempts: 2, notBefore: 99, revision: 2, error: 'offline' });
        });
        const stored = await store.transaction((tx) => tx.getOutbox(seq));
        expect(stored).toMatchObject({ seq, attempts: 2, notBefore: 99, revision: 2, error: 'offline' });
        await store.transaction((tx) => tx.removeOutbox(seq));
        expect(await store.transaction((tx) => tx.listOutbox())).toEqual([]);
      }));

    it('counts waiting, failed and conflicting changes as the header shows them (no change hidden)', () =>
      withStore(async (store) => {
        await store.transaction(async (tx) => {
          await tx.addOutbox(outboxEntry('Task/a', 'Claim Task'));
          await tx.addOutbox(outboxEntry('Task/b', 'Add Note'));
          const failed = await tx.addOutbox(outboxEntry('Task/c', 'Delete Task', { state: 'failed' }));
          const conflict = await tx.addOutbox(outboxEntry('Task/d', 'Pause Task', { state: 'conflict' }));
          await tx.putConflict({
            seq: conflict,
            key: 'Task/d',
            label: 'Pause Task',
            mine: { resourceType: 'Task', id: 'd', status: 'on-hold', intent: 'order' },
            detectedAt: '2026-01-03T00:00:00.000Z',
          });
          expect(failed).toBeGreaterThan(0);
        });
        const counts = await store.transaction(async (tx) => ({
          pending: await tx.countOutbox('pending'),
          failed: await tx.countOutbox('failed'),
          conflict: await tx.countOutbox('conflict'),
          conflicts: await tx.countConflicts(),
        }));
        expect(counts).toEqual({ pending: 2, failed: 1, conflict: 1, conflicts: 1 });
      }));

    it('putOutbox without a seq is refused (no entry stored under no key)', () =>
      withStore(async (store) => {
        await expect(
          store.transaction((tx) => tx.putOutbox(outboxEntry('Task/a', 'Claim Task')))
        ).rejects.toThrow();
      }));

    it('two transactions at once both keep their writes (no lost update)', () =>
      withStore(async (store) => {
        const increment = () =>
          store.transaction(async (tx) => {
            const count = (await tx.getMeta<number>('count')) ?? 0;
            await tx.putMeta('count', count + 1);
          });
        await Promise.all([increment(), increment(), increment()]);
        expect(await store.transaction((tx) => tx.getMeta<number>('count'))).toBe(3);
      }));

    it('putResource derives the queue fields from the resource, not from stale fields', () =>
      withStore(async (store) => {
        const claimed = task('t1', {
          status: 'in-progress',
          priority: 'stat',
          owner: { reference: 'Practitioner/alice' },
          performerType: [{ coding: [{ code: 'doctor' }, { code: 'nurse' }] }],
          for: { reference: 'Patient/p1' },
          restriction: { period: { end: '2026-02-01T00:00:00.000Z' } },
        });
        await store.transaction((tx) =>
          tx.putResource(recordOf(claimed, { owner: 'Practitioner/bob', status: 'ready', priorityOrder: 10 }))
        );
        const stored = await store.transaction((tx) => tx.getResource('Task/t1'));
        expect(stored).toMatchObject({
          owner: 'Practitioner/alice',
          status: 'in-progress',
          performer: ['doctor', 'nurse'],
          patient: 'Patient/p1',
          priorityOrder: 50,
          dueDate: '2026-02-01T00:00:00.000Z',
          lastUpdated: '2026-01-02T00:00:00.000Z',
        });
        expect(stored?.resource).toEqual(claimed);
      }));

    it('putResource fills patientState and a Patient address change updates its tasks (no task in the wrong state queue)', () =>
      withStore(async (store) => {
        await store.transaction(async (tx) => {
          await tx.putResource(recordOf(patient('p1', 'NY')));
          await tx.putResource(recordOf(task('t1', { for: { reference: 'Patient/p1' } })));
          await tx.putResource(recordOf(task('t2', { for: { reference: 'Patient/p1' } })));
          await tx.putResource(recordOf(task('t3', { for: { reference: 'Patient/p2' } })));
        });
        const stateOf = (key: string) =>
          store.transaction(async (tx) => (await tx.getResource(key))?.patientState);
        expect(await stateOf('Task/t1')).toBe('NY');
        expect(await stateOf('Task/t3')).toBeUndefined();

        await store.transaction((tx) => tx.putResource(recordOf(patient('p1', 'CA'))));
        expect(await stateOf('Task/t1')).toBe('CA');
        expect(await stateOf('Task/t2')).toBe('CA');
        const tasks = await store.transaction((tx) => tx.tasksOfPatient('Patient/p1'));
        expect(tasks.map((record) => record.key).sort()).toEqual(['Task/t1', 'Task/t2']);
        const patients = await store.transaction((tx) => tx.patientsWithTasks());
        expect([...patients].sort()).toEqual(['Patient/p1', 'Patient/p2']);

        await store.transaction((tx) => tx.putResource(recordOf(patient('p2', 'TX'))));
        expect(await stateOf('Task/t3')).toBe('TX');

        await store.transaction((tx) => tx.putResource(recordOf(patient('p1', undefined))));
        expect(await stateOf('Task/t1')).toBeUndefined();
      }));

    it('a task moved off its patient leaves that state queue', () =>
      withStore(async (store) => {
        await store.transaction(async (tx) => {
          await tx.putResource(recordOf(patient('p1', 'NY')));
          await tx.putResource(recordOf(task('t1', { for: { reference: 'Patient/p1' } })));
        });
        await store.transaction((tx) => tx.putResource(recordOf(task('t1'), { patientState: 'NY' })));
        const stored = await store.transaction((tx) => tx.getResource('Task/t1'));
        expect(stored?.patient).toBeUndefined();
        expect(stored?.patientState).toBeUndefined();
      }));

    it('a record read out is a copy (changing it changes nothing stored)', () =>
      withStore(async (store) => {
        await store.transaction((tx) => tx.putResource(recordOf(task('t1'))));
        const read = await store.transaction((tx) => tx.getResource('Task/t1'));
        if (!read) throw new Error('missing');
        read.status = 'completed';
        expect((await store.transaction((tx) => tx.getResource('Task/t1')))?.status).toBe('ready');
      }));

    it('keysOfType lists every record of the type, local creates and deletes too (no server delete missed)', () =>
      withStore(async (store) => {
        await store.transaction(async (tx) => {
          await tx.putResource(recordOf(patient('p1', 'NY')));
          await tx.putResource(recordOf(task('t1')));
          await tx.putResource(recordOf(task('t2'), { deleted: 1, pending: 1 }));
          await tx.putResource(recordOf(task('local-1'), { server: undefined, pending: 1 }));
        });
        await store.transaction(async (tx) => {
          expect((await tx.keysOfType('Task')).sort()).toEqual(['Task/local-1', 'Task/t1', 'Task/t2']);
          expect(await tx.keysOfType('Patient')).toEqual(['Patient/p1']);
          expect(await tx.keysOfType('Practitioner')).toEqual([]);
          await tx.removeResource('Task/t1');
          expect((await tx.keysOfType('Task')).sort()).toEqual(['Task/local-1', 'Task/t2']);
        });
      }));

    it('removeResource removes that record only', () =>
      withStore(async (store) => {
        await store.transaction(async (tx) => {
          await tx.putResource(recordOf(task('t1')));
          await tx.putResource(recordOf(task('t2')));
        });
        await store.transaction((tx) => tx.removeResource('Task/t1'));
        await store.transaction(async (tx) => {
          expect(await tx.getResource('Task/t1')).toBeUndefined();
          expect(await tx.getResource('Task/t2')).toBeDefined();
        });
      }));

    it('conflicts, cursors and meta values read back as written (no conflict forgotten)', () =>
      withStore(async (store) => {
        const mine = task('t1', { status: 'completed' });
        await store.transaction(async (tx) => {
          await tx.putConflict({ seq: 7, key: 'Task/t1', label: 'Complete Task', mine, detectedAt: 'now' });
          await tx.putConflict({ seq: 3, key: 'Task/t2', label: 'Claim Task', mine, detectedAt: 'now' });
          await tx.putCursor({ resourceType: 'Task', since: '2026-01-01T00:00:00Z', mode: 'history' });
          await tx.putMeta('profile', { reference: 'Practitioner/alice' });
        });
        await store.transaction(async (tx) => {
          expect((await tx.listConflicts()).map((conflict) => conflict.seq)).toEqual([3, 7]);
          expect((await tx.listConflicts())[1]?.mine).toEqual(mine);
          expect(await tx.getCursor('Task')).toEqual({
            resourceType: 'Task',
            since: '2026-01-01T00:00:00Z',
            mode: 'history',
          });
          expect(await tx.getMeta('profile')).toEqual({ reference: 'Practitioner/alice' });
          await tx.removeConflict(3);
        });
        expect(await store.transaction((tx) => tx.listConflicts())).toHaveLength(1);
      }));

    it('wipe removes everything (nothing of one user left for the next on a shared tablet)', () =>
      withStore(async (store) => {
        await store.transaction(async (tx) => {
          await tx.putResource(recordOf(patient('p1', 'NY')));
          await tx.putResource(recordOf(task('t1', { for: { reference: 'Patient/p1' } })));
          await tx.addOutbox(outboxEntry('Task/t1', 'Claim Task'));
          await tx.putConflict({ seq: 1, key: 'Task/t1', label: 'x', mine: task('t1'), detectedAt: 'now' });
          await tx.putCursor({ resourceType: 'Task', since: 's', mode: 'search' });
          await tx.putMeta('tokens', 'secret');
        });
        await store.wipe();
        await store.transaction(async (tx) => {
          expect(await tx.getResource('Task/t1')).toBeUndefined();
          expect(await tx.getResource('Patient/p1')).toBeUndefined();
          expect(await tx.listOutbox()).toEqual([]);
          expect(await tx.listConflicts()).toEqual([]);
          expect(await tx.getCursor('Task')).toBeUndefined();
          expect(await tx.getMeta('tokens')).toBeUndefined();
        });
        const seq = await store.transaction((tx) => tx.addOutbox(outboxEntry('Task/t9', 'Add Note')));
        expect((await store.transaction((tx) => tx.listOutbox())).map((entry) => entry.seq)).toEqual([seq]);
      }));
  });
}
