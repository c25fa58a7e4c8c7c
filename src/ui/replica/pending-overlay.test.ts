import type { Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { recordOf, task } from '@/db/testing/fixtures';
import type { StoredResource } from '@/db/types';
import type { LocalChange } from '@/sync/engine/types';
import { PendingOverlay } from './pending-overlay';

/** A status change of task t1, as a task action makes it. */
const statusChange = (label: string, status: string): LocalChange => ({
  ...{ resourceType: 'Task', id: 't1', kind: 'patch', commutes: false, label },
  operations: [{ op: 'replace', path: '/status', value: status }],
});
const pause = statusChange('Pause Task', 'on-hold');
const shown = task('t1', { status: 'in-progress' });
const read = (resource: Task): StoredResource => recordOf(resource);
const statusOf = (record: StoredResource) => (record.resource as Task).status;

describe('the optimistic overlay', () => {
  it('draws a change over the replica at once, one more change pending', () => {
    const overlay = new PendingOverlay();
    overlay.begin(pause, shown);
    const drawn = overlay.apply(read(shown));
    expect([statusOf(drawn), drawn.pending]).toEqual(['on-hold', 1]);
  });

  it('adds a change not yet durable on top of a newer read, and not twice once the read holds it', () => {
    const overlay = new PendingOverlay();
    overlay.begin(pause, shown);
    const newer = task('t1', { status: 'in-progress', description: 'edited elsewhere' });
    expect(overlay.apply(read(newer)).resource).toMatchObject({
      status: 'on-hold',
      description: 'edited elsewhere',
    });
    const held = overlay.apply(read(task('t1', { status: 'on-hold' })));
    expect([statusOf(held), held.pending]).toEqual(['on-hold', 0]);
  });

  it('once durable, draws it only over reads older than it', () => {
    const overlay = new PendingOverlay();
    const id = overlay.begin(pause, shown) ?? -1;
    overlay.settle(id);
    expect(statusOf(overlay.apply(read(shown)))).toBe('on-hold');
    // A newer read than the change (a pull replaced the task): the replica's word stands.
    expect(statusOf(overlay.apply(read(task('t1', { status: 'completed' }))))).toBe('completed');
  });

  it('once durable, still draws it over a read the server made newer only by confirming an earlier change', () => {
    // Paused, then resumed at once: the resume is durable, and the next read is the server's
    // confirmation of the pause (a new version of the same task), which does not hold the resume yet.
    const overlay = new PendingOverlay();
    const paused = task('t1', { status: 'on-hold' });
    const id = overlay.begin(statusChange('Resume Task', 'in-progress'), paused) ?? -1;
    overlay.settle(id);
    const confirmedPause = task('t1', {
      status: 'on-hold',
      meta: { versionId: '2', lastUpdated: '2026-01-02T00:00:05.000Z' },
    });
    const drawn = overlay.apply(read(confirmedPause));
    expect([statusOf(drawn), drawn.pending]).toEqual(['in-progress', 1]);
    // The read that holds the resume is shown as it is.
    const held = overlay.apply(read(task('t1', { status: 'in-progress', meta: confirmedPause.meta })));
    expect([statusOf(held), held.pending]).toEqual(['in-progress', 0]);
  });

  it('takes a change back when its durable write fails', () => {
    const overlay = new PendingOverlay();
    const seen: number[] = [];
    overlay.subscribe(() => seen.push(overlay.getSnapshot().length));
    const id = overlay.begin(pause, shown) ?? -1;
    overlay.drop(id);
    expect(statusOf(overlay.apply(read(shown)))).toBe('in-progress');
    expect(seen).toEqual([1, 0]);
  });

  it('hides a deleted record; leaves other records and creates alone', () => {
    const overlay = new PendingOverlay();
    overlay.begin({ ...pause, kind: 'delete', operations: [] }, shown);
    expect(overlay.begin({ ...pause, kind: 'create', resource: shown }, shown)).toBeUndefined();
    expect(overlay.apply(read(shown)).deleted).toBe(1);
    expect(overlay.apply(read(task('t2'))).deleted).toBe(0);
  });
});
