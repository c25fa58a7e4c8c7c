import type { Task } from '@medplum/fhirtypes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalChange } from '@/sync/engine/types';
import { ME, replicaHarness, taskFixture, type ReplicaHarness } from '../testing/replica-harness';
import { ConflictsPanel, fixPath } from './ConflictsPanel';

let h: ReplicaHarness;
beforeEach(async () => {
  h = await replicaHarness();
});
afterEach(() => h.stop());

const patch = (id: string, label: string, operations: LocalChange['operations'], commutes = false) =>
  h.service.applyChange({ resourceType: 'Task', id, kind: 'patch', operations, commutes, label });

const outboxLabels = async () => (await h.replica.transaction((tx) => tx.listOutbox())).map((e) => e.label);

/** My pause of t1 conflicts with the other user's start; behind it wait my cancel and my note. */
async function conflictWithChangesBehind(): Promise<void> {
  await h.hold(taskFixture('t1', { status: 'ready' }));
  await h.other.patch('Task', 't1', [{ op: 'replace', path: '/status', value: 'in-progress' }]);
  await patch('t1', 'Pause Task', [{ op: 'replace', path: '/status', value: 'on-hold' }]);
  await patch('t1', 'Cancel Task', [{ op: 'replace', path: '/status', value: 'cancelled' }]);
  const note = { text: 'Called the ward', authorReference: { reference: ME }, time: '2026-01-03T10:00:00Z' };
  await patch('t1', 'Add Note', [{ op: 'add', path: '/note', value: [note] }], true);
  await h.syncNow();
}

describe('ConflictsPanel: a choice that discards changes says which before anything happens', () => {
  it("'Keep theirs' lists the later change it discards, and keeps my note", async () => {
    await conflictWithChangesBehind();
    h.render(<ConflictsPanel opened onClose={() => undefined} />);
    const conflict = await screen.findByRole('region', { name: 'Conflict: Pause Task' });
    await userEvent.click(within(conflict).getByRole('button', { name: 'Keep theirs' }));

    const confirm = within(conflict).getByRole('group', { name: 'Confirm: Keep theirs' });
    expect(await within(confirm).findByText('Also discards: Cancel Task')).toBeInTheDocument();
    // Nothing is discarded until the user confirms.
    expect(await outboxLabels()).toEqual(['Pause Task', 'Cancel Task', 'Add Note']);

    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep theirs' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Conflict: Pause Task' })).not.toBeInTheDocument()
    );
    // My note stays (the engine may already be sending it); my cancel is gone.
    expect(await outboxLabels()).not.toContain('Cancel Task');
    await h.syncNow();
    const onServer = await h.other.read<Task>('Task', 't1', { noCache: true });
    expect(onServer.status).toBe('in-progress');
    expect(onServer.note?.map((n) => n.text)).toEqual(['Called the ward']);
  });

  it("'Apply mine again' says it discards nothing else; Cancel leaves the conflict as it was", async () => {
    await conflictWithChangesBehind();
    h.render(<ConflictsPanel opened onClose={() => undefined} />);
    const conflict = await screen.findByRole('region', { name: 'Conflict: Pause Task' });
    await userEvent.click(within(conflict).getByRole('button', { name: 'Apply mine again' }));
    const confirm = within(conflict).getByRole('group', { name: 'Confirm: Apply mine again' });
    expect(await within(confirm).findByText('Nothing else is discarded.')).toBeInTheDocument();

    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(conflict).getByRole('button', { name: 'Keep theirs' })).toBeInTheDocument();
    expect(await outboxLabels()).toEqual(['Pause Task', 'Cancel Task', 'Add Note']);
  });

  it("'Dismiss' of a refused change asks first, then forgets it", async () => {
    await h.holdWithoutOnServer(taskFixture('t2', { status: 'ready', description: 'Old' }), 'description');
    await patch('t2', 'Edit Task', [{ op: 'replace', path: '/description', value: 'New' }]);
    await h.syncNow();
    h.render(<ConflictsPanel opened onClose={() => undefined} />);
    const failed = await screen.findByRole('region', { name: 'Failed: Edit Task' });
    await userEvent.click(within(failed).getByRole('button', { name: 'Dismiss' }));
    const confirm = within(failed).getByRole('group', { name: 'Confirm: Dismiss' });
    expect(await within(confirm).findByText('Nothing else is discarded.')).toBeInTheDocument();
    expect(await outboxLabels()).toEqual(['Edit Task']);

    await userEvent.click(within(confirm).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Failed: Edit Task' })).not.toBeInTheDocument()
    );
    expect(await outboxLabels()).toEqual([]);
  });
});

describe('a refused change is fixed where it was made', () => {
  it("'Fix' opens the task's page for a task, the edit form for another resource; a refused delete has none", async () => {
    await h.holdWithoutOnServer(taskFixture('t3', { status: 'ready', description: 'Old' }), 'description');
    await patch('t3', 'Edit Task', [{ op: 'replace', path: '/description', value: 'New' }]);
    await h.syncNow();
    h.render(<ConflictsPanel opened onClose={() => undefined} />);
    const failed = await screen.findByRole('region', { name: 'Failed: Edit Task' });
    expect(within(failed).getByRole('link', { name: 'Fix' })).toHaveAttribute('href', '/Task/t3/details');

    const entry = (await h.replica.transaction((tx) => tx.listOutbox()))[0];
    if (!entry) throw new Error('no refused change');
    expect(fixPath({ ...entry, resourceType: 'Patient', resourceId: 'p1' })).toBe('/Patient/p1/edit');
    expect(fixPath({ ...entry, kind: 'delete' })).toBeUndefined();
  });
});
