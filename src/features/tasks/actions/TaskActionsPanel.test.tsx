import type { Task, ValueSet } from '@medplum/fhirtypes';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '@mantine/notifications';
import { useResource, type OutboxEntry } from '@/ui';
import { ME, OTHER, replicaHarness, type ReplicaHarness } from '@/ui/testing/replica-harness';
import { ChangeOutcomeWatcher } from '../commands/ChangeOutcomeWatcher';
import { CONFLICT_TEXT } from '../commands/notify';
import { BUSINESS_STATUS_VALUESET_URL, PRACTITIONER_ROLE_VALUESET_URL } from '../constants';
import { TaskActionsPanel } from './TaskActionsPanel';

const SNOMED = 'http://snomed.info/sct';

function LiveActions({ id }: { id: string }) {
  const { resource } = useResource<Task>('Task', id);
  return (
    <>
      {resource ? <TaskActionsPanel task={resource} /> : <p>gone</p>}
      <ChangeOutcomeWatcher />
    </>
  );
}

function valueSet(id: string, url: string, system: string, codes: [string, string][]): ValueSet {
  return {
    resourceType: 'ValueSet',
    id,
    url,
    status: 'active',
    expansion: {
      timestamp: '2024-01-01',
      contains: codes.map(([code, display]) => ({ system, code, display })),
    },
  };
}

let h: ReplicaHarness;

/** 'YYYY-MM-DD' of the local day `days` from today. */
function inDays(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

const READY_TASK: Task = { resourceType: 'Task', id: 't1', status: 'ready', intent: 'order' };

async function render(): Promise<{
  user: ReturnType<typeof userEvent.setup>;
  router: ReturnType<ReplicaHarness['render']>['router'];
}> {
  const { router } = h.render(<LiveActions id="t1" />);
  await screen.findByRole('heading', { name: 'Task Actions' });
  return { user: userEvent.setup(), router };
}

async function show(task: Partial<Task> = {}) {
  await h.hold({ ...READY_TASK, ...task });
  return render();
}

/** The replica holds the task as given; the server's copy lacks `field`, so replacing it is refused. */
async function showRefusing(task: Partial<Task>, field: keyof Task) {
  await h.holdWithoutOnServer({ ...READY_TASK, ...task }, field);
  return render();
}

/** The task as the replica holds it (the user's view). */
const task = () => h.resource<Task>('Task', 't1');
const outbox = (): Promise<OutboxEntry[]> => h.replica.transaction((tx) => tx.listOutbox());
/** The last change the screen sent (it may be pushed already: focus makes the engine sync). */
const lastChange = () => h.applied.at(-1);

/** Another user changes the task on the server before this device pushes: a version conflict. */
async function otherUserChangesTask(): Promise<void> {
  await h.other.patch('Task', 't1', [{ op: 'add', path: '/priority', value: 'urgent' }]);
}

/** The fake server's words when it refuses a JSON Patch whose path its copy lacks. */
const REFUSAL = /^Invalid JSON Patch operation \d+: path does not exist$/;

beforeEach(async () => {
  h = await replicaHarness();
  await h.pull(ME, OTHER);
  await h.hold(
    valueSet('roles', PRACTITIONER_ROLE_VALUESET_URL, SNOMED, [
      ['158965000', 'Doctor'],
      ['224535009', 'Registered Nurse'],
    ]),
    valueSet('status', BUSINESS_STATUS_VALUESET_URL, 'https://x/business-status', [
      ['ready', 'Ready'],
      ['follow-up-needed', 'Follow-up Needed'],
    ])
  );
});

afterEach(() => {
  h.stop();
});
afterEach(() => act(() => notifications.clean()));

/** Opens the Assign or Reassign dialog, picks the practitioner and confirms. */
async function assignThroughDialog(
  user: ReturnType<typeof userEvent.setup>,
  action: 'Assign Task' | 'Reassign Task',
  practitioner: string
): Promise<void> {
  await user.click(screen.getByRole('button', { name: action }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('combobox', { name: 'Practitioner' }));
  await user.click(await screen.findByRole('option', { name: practitioner }));
  await user.click(within(dialog).getByRole('button', { name: action }));
}

describe('Task Actions, all through the one command path', () => {
  it("Pause Task: on-hold at once, 'Task paused', and a later conflict says another user modified the task", async () => {
    const { user } = await show();
    await otherUserChangesTask();
    await user.click(screen.getByRole('button', { name: 'Pause Task' }));
    expect(await screen.findByText('Task paused')).toBeInTheDocument();
    expect((await task())?.status).toBe('on-hold');
    expect(lastChange()).toMatchObject({ kind: 'patch', commutes: false, label: 'Pause Task' });
    expect(await screen.findByRole('button', { name: 'Resume Task' })).toBeInTheDocument();

    await h.syncNow();
    expect(await screen.findByText(CONFLICT_TEXT)).toBeInTheDocument();
  });

  it("Resume Task: in-progress, 'Task resumed'; a refusal shows the server's words", async () => {
    const { user } = await showRefusing({ status: 'on-hold' }, 'status');
    await user.click(screen.getByRole('button', { name: 'Resume Task' }));
    expect(await screen.findByText('Task resumed')).toBeInTheDocument();
    expect((await task())?.status).toBe('in-progress');

    await h.syncNow();
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
  });

  it("Complete Task: 'Task completed', and only that button goes away; Pause reopens it on hold", async () => {
    const { user } = await show();
    await user.click(screen.getByRole('button', { name: 'Complete Task' }));
    expect(await screen.findByText('Task completed')).toBeInTheDocument();
    expect((await task())?.status).toBe('completed');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Complete Task' })).not.toBeInTheDocument()
    );
    for (const name of ['Assign Role', 'Pause Task', 'Add Due-Date', 'Delete Task']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }

    await user.click(screen.getByRole('button', { name: 'Pause Task' }));
    expect(await screen.findByText('Task paused')).toBeInTheDocument();
    expect((await task())?.status).toBe('on-hold');
    expect(lastChange()).toMatchObject({
      kind: 'patch',
      label: 'Pause Task',
      operations: [{ op: 'replace', path: '/status', value: 'on-hold' }],
    });
    expect(await screen.findByRole('button', { name: 'Resume Task' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Task' })).toBeInTheDocument();
  });

  it("Claim Task: asks first, then owner is me and 'Task claimed'; Cancel changes nothing", async () => {
    const { user } = await show();
    await otherUserChangesTask();
    await user.click(screen.getByRole('button', { name: 'Claim Task' }));
    expect(
      await screen.findByText('Are you sure you want to assign this task to yourself?')
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(h.applied).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Claim Task' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Task claimed')).toBeInTheDocument();
    expect((await task())?.owner?.reference).toBe(ME);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Claim Task' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Reassign Task' })).toBeInTheDocument();

    await h.syncNow();
    expect(await screen.findByText(CONFLICT_TEXT)).toBeInTheDocument();
  });

  it("Assign Task: picks a Practitioner of the replica; 'Task assigned'", async () => {
    const { user } = await show();
    await assignThroughDialog(user, 'Assign Task', 'Bob Jones');
    expect(await screen.findByText('Task assigned')).toBeInTheDocument();
    expect((await task())?.owner).toEqual({ reference: 'Practitioner/bob', display: 'Bob Jones' });
    expect(lastChange()).toMatchObject({ label: 'Assign Task', commutes: false });
  });

  it('Reassign Task replaces the owner', async () => {
    const { user } = await show({ owner: { reference: 'Practitioner/bob' } });
    await assignThroughDialog(user, 'Reassign Task', 'Alice Smith');
    expect(await screen.findByText('Task assigned')).toBeInTheDocument();
    expect(lastChange()?.operations).toEqual([
      { op: 'replace', path: '/owner', value: { reference: ME, display: 'Alice Smith' } },
    ]);
  });

  it("Assign Role appends the role's coding, commutes, and says 'Task assigned'", async () => {
    const { user } = await showRefusing(
      { performerType: [{ coding: [{ system: SNOMED, code: '224535009' }] }] },
      'performerType'
    );
    await user.click(screen.getByRole('button', { name: 'Assign Role' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Doctor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign Role' }));
    expect(await screen.findByText('Task assigned')).toBeInTheDocument();
    expect((await task())?.performerType?.map((concept) => concept.coding?.[0]?.code)).toEqual([
      '224535009',
      '158965000',
    ]);
    expect(lastChange()).toMatchObject({ label: 'Assign Role', commutes: true });

    await h.syncNow();
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
  });

  it("Add Due-Date: saves only once a date is chosen; 'Due-date updated.'; then reads Change Due-Date", async () => {
    const { user } = await showRefusing({ restriction: { repetitions: 1 } }, 'restriction');
    await user.click(screen.getByRole('button', { name: 'Add Due-Date' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: inDays(30) } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Due-date updated.')).toBeInTheDocument();
    expect((await task())?.restriction?.period?.end?.slice(0, 10)).toMatch(
      new RegExp(`^(${inDays(30)}|${inDays(31)})`)
    );
    expect(await screen.findByRole('button', { name: 'Change Due-Date' })).toBeInTheDocument();

    await h.syncNow();
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
  });

  it('Add Due-Date: a day in the past asks to confirm under the field; Save anyway saves it', async () => {
    const { user } = await show();
    await user.click(screen.getByRole('button', { name: 'Add Due-Date' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: inDays(-3) } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText(/The due date is in the past/).length).toBeGreaterThan(0);
    expect((await task())?.restriction).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText('Due-date updated.')).toBeInTheDocument();
    expect((await task())?.restriction?.period?.end).toBeDefined();
  });

  it('Add Due-Date: more than two years ahead asks to confirm too', async () => {
    const { user } = await show();
    await user.click(screen.getByRole('button', { name: 'Add Due-Date' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: inDays(3 * 365) } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText(/more than 2 years ahead/).length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Save anyway' })).toBeInTheDocument();
  });

  it("Update Business Status: one coding from the value set; 'Status updated.'", async () => {
    const { user } = await show();
    await otherUserChangesTask();
    await user.click(screen.getByRole('combobox', { name: 'Update Business Status' }));
    await user.click(await screen.findByRole('option', { name: 'Follow-up Needed' }));
    expect(await screen.findByText('Status updated.')).toBeInTheDocument();
    expect((await task())?.businessStatus?.coding?.[0]?.code).toBe('follow-up-needed');

    await h.syncNow();
    expect(await screen.findByText(CONFLICT_TEXT)).toBeInTheDocument();
  });

  it("Add Note: not with empty text; adds a note by me, commutes, 'Comment added.'", async () => {
    const { user } = await showRefusing({ note: [{ text: 'earlier' }] }, 'note');
    const add = screen.getByRole('button', { name: 'Add Note' });
    expect(add).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), '   ');
    expect(add).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Left a voicemail');
    await user.click(add);
    expect(await screen.findByText('Comment added.')).toBeInTheDocument();
    expect((await task())?.note?.map((note) => note.text)).toEqual(['earlier', 'Left a voicemail']);
    expect((await task())?.note?.[1]?.authorReference?.reference).toBe(ME);
    expect(lastChange()).toMatchObject({ label: 'Add Note', commutes: true });
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('');

    await h.syncNow();
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
  });

  it('Add Note: the text not yet added is restored when the task opens again, and goes once added', async () => {
    await h.hold(READY_TASK);
    const first = h.render(<LiveActions id="t1" />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'Call back at 3');
    first.unmount();
    await render();
    expect(await screen.findByText('Draft restored')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Call back at 3');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Comment added.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Draft restored')).not.toBeInTheDocument());
    cleanup();
    await render();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('');
    expect(screen.queryByText('Draft restored')).not.toBeInTheDocument();
  });

  it("Delete Task: asks first, then 'Task deleted' and the list", async () => {
    const { user, router } = await show();
    await user.click(screen.getByRole('button', { name: 'Delete Task' }));
    expect(await screen.findByText('Are you sure you want to delete this task?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Task deleted')).toBeInTheDocument();
    expect(lastChange()).toMatchObject({ kind: 'delete', label: 'Delete Task', commutes: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/Task'));
  });

  it("a change the replica refuses shows the engine's words titled 'Error', and no success", async () => {
    const { user } = await show();
    // The task leaves the replica after the screen read it (as a wipe in another tab would), so the
    // patch has nothing to apply to.
    await h.replica.transaction((tx) => tx.removeResource('Task/t1'));
    await user.click(screen.getByRole('button', { name: 'Pause Task' }));
    expect(await screen.findByText('Pause Task: Task/t1 is not in the local replica')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.queryByText('Task paused')).not.toBeInTheDocument();
    expect(await outbox()).toHaveLength(0);
  });
});
