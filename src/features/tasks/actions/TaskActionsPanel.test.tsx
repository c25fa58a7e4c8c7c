import type { Practitioner, Task, ValueSet } from '@medplum/fhirtypes';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '@mantine/notifications';
import { useResource } from '@/ui';
import { ChangeOutcomeWatcher } from '../commands/ChangeOutcomeWatcher';
import { CONFLICT_TEXT } from '../commands/notify';
import { BUSINESS_STATUS_VALUESET_URL, PRACTITIONER_ROLE_VALUESET_URL } from '../constants';
import { FakeReplica, renderWithReplica } from '../testing/fake-replica';
import { TaskActionsPanel } from './TaskActionsPanel';

const ME = 'Practitioner/me';
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

let replica: FakeReplica;

async function show(task: Partial<Task> = {}) {
  replica.put({ resourceType: 'Task', id: 't1', status: 'ready', intent: 'order', ...task } as Task);
  const rendered = renderWithReplica(replica, <LiveActions id="t1" />);
  render(rendered.element);
  await screen.findByRole('heading', { name: 'Task Actions' });
  return { user: userEvent.setup(), router: rendered.router };
}

const task = () => replica.resource<Task>('Task/t1');
const lastChange = () => replica.applied[replica.applied.length - 1];
const lastSeq = () => replica.applied.length;

beforeEach(() => {
  replica = new FakeReplica(ME);
  replica.put({
    resourceType: 'Practitioner',
    id: 'me',
    name: [{ given: ['Alice'], family: 'Smith' }],
  } as Practitioner);
  replica.put({
    resourceType: 'Practitioner',
    id: 'bob',
    name: [{ given: ['Bob'], family: 'Jones' }],
  } as Practitioner);
  replica.put(
    valueSet('roles', PRACTITIONER_ROLE_VALUESET_URL, SNOMED, [
      ['158965000', 'Doctor'],
      ['224535009', 'Registered Nurse'],
    ])
  );
  replica.put(
    valueSet('status', BUSINESS_STATUS_VALUESET_URL, 'https://x/business-status', [
      ['ready', 'Ready'],
      ['follow-up-needed', 'Follow-up Needed'],
    ])
  );
});

afterEach(() => act(() => notifications.clean()));

describe('Task Actions, all through the one command path', () => {
  it("Pause Task: on-hold at once, 'Task paused', and a later conflict says another user modified the task", async () => {
    const { user } = await show();
    await user.click(screen.getByRole('button', { name: 'Pause Task' }));
    expect(await screen.findByText('Task paused')).toBeInTheDocument();
    expect(task()?.status).toBe('on-hold');
    expect(lastChange()).toMatchObject({ kind: 'patch', commutes: false, label: 'Pause Task' });
    expect(await screen.findByRole('button', { name: 'Resume Task' })).toBeInTheDocument();

    act(() => replica.settle(lastSeq(), 'conflict'));
    expect(await screen.findByText(CONFLICT_TEXT)).toBeInTheDocument();
  });

  it("Resume Task: in-progress, 'Task resumed'; a refusal shows the server's words", async () => {
    const { user } = await show({ status: 'on-hold' });
    await user.click(screen.getByRole('button', { name: 'Resume Task' }));
    expect(await screen.findByText('Task resumed')).toBeInTheDocument();
    expect(task()?.status).toBe('in-progress');

    act(() => replica.settle(lastSeq(), 'failed', 'Status transition not allowed'));
    expect(await screen.findByText('Status transition not allowed')).toBeInTheDocument();
  });

  it("Complete Task: 'Task completed', and the button goes away", async () => {
    const { user } = await show();
    await user.click(screen.getByRole('button', { name: 'Complete Task' }));
    expect(await screen.findByText('Task completed')).toBeInTheDocument();
    expect(task()?.status).toBe('completed');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Complete Task' })).not.toBeInTheDocument()
    );
  });

  it("Claim Task: asks first, then owner is me and 'Task claimed'; Cancel changes nothing", async () => {
    const { user } = await show();
    await user.click(screen.getByRole('button', { name: 'Claim Task' }));
    expect(
      await screen.findByText('Are you sure you want to assign this task to yourself?')
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(replica.applied).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Claim Task' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Task claimed')).toBeInTheDocument();
    expect(task()?.owner?.reference).toBe(ME);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Claim Task' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Reassign Task' })).toBeInTheDocument();

    act(() => replica.settle(lastSeq(), 'conflict'));
    expect(await screen.findByText(CONFLICT_TEXT)).toBeInTheDocument();
  });

  it("Assign Task: picks a Practitioner of the replica; 'Task assigned'", async () => {
    const { user } = await show();
    await user.click(screen.getByRole('button', { name: 'Assign Task' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Practitioner' }));
    await user.click(await screen.findByRole('option', { name: 'Bob Jones' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign Task' }));
    expect(await screen.findByText('Task assigned')).toBeInTheDocument();
    expect(task()?.owner).toEqual({ reference: 'Practitioner/bob', display: 'Bob Jones' });
    expect(lastChange()).toMatchObject({ label: 'Assign Task', commutes: false });
  });

  it('Reassign Task replaces the owner', async () => {
    const { user } = await show({ owner: { reference: 'Practitioner/bob' } });
    await user.click(screen.getByRole('button', { name: 'Reassign Task' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Practitioner' }));
    await user.click(await screen.findByRole('option', { name: 'Alice Smith' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reassign Task' }));
    expect(await screen.findByText('Task assigned')).toBeInTheDocument();
    expect(lastChange()?.operations).toEqual([
      { op: 'replace', path: '/owner', value: { reference: ME, display: 'Alice Smith' } },
    ]);
  });

  it("Assign Role appends the role's coding, commutes, and says 'Task assigned'", async () => {
    const { user } = await show({ performerType: [{ coding: [{ system: SNOMED, code: '224535009' }] }] });
    await user.click(screen.getByRole('button', { name: 'Assign Role' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Doctor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign Role' }));
    expect(await screen.findByText('Task assigned')).toBeInTheDocument();
    expect(task()?.performerType?.map((concept) => concept.coding?.[0]?.code)).toEqual([
      '224535009',
      '158965000',
    ]);
    expect(lastChange()).toMatchObject({ label: 'Assign Role', commutes: true });

    act(() => replica.settle(lastSeq(), 'failed', 'Invalid performer type'));
    expect(await screen.findByText('Invalid performer type')).toBeInTheDocument();
  });

  it("Add Due-Date: saves only once a date is chosen; 'Due-date updated.'; then reads Change Due-Date", async () => {
    const { user } = await show();
    await user.click(screen.getByRole('button', { name: 'Add Due-Date' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: '2024-06-30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Due-date updated.')).toBeInTheDocument();
    expect(task()?.restriction?.period?.end).toMatch(/^2024-06-30|^2024-07-01/);
    expect(await screen.findByRole('button', { name: 'Change Due-Date' })).toBeInTheDocument();

    act(() => replica.settle(lastSeq(), 'failed', 'Due date must be in the future'));
    expect(await screen.findByText('Due date must be in the future')).toBeInTheDocument();
  });

  it("Update Business Status: one coding from the value set; 'Status updated.'", async () => {
    const { user } = await show();
    await user.click(screen.getByRole('combobox', { name: 'Update Business Status' }));
    await user.click(await screen.findByRole('option', { name: 'Follow-up Needed' }));
    expect(await screen.findByText('Status updated.')).toBeInTheDocument();
    expect(task()?.businessStatus?.coding?.[0]?.code).toBe('follow-up-needed');

    act(() => replica.settle(lastSeq(), 'conflict'));
    expect(await screen.findByText(CONFLICT_TEXT)).toBeInTheDocument();
  });

  it("Add Note: not with empty text; adds a note by me, commutes, 'Comment added.'", async () => {
    const { user } = await show({ note: [{ text: 'earlier' }] });
    const add = screen.getByRole('button', { name: 'Add Note' });
    expect(add).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), '   ');
    expect(add).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Left a voicemail');
    await user.click(add);
    expect(await screen.findByText('Comment added.')).toBeInTheDocument();
    expect(task()?.note?.map((note) => note.text)).toEqual(['earlier', 'Left a voicemail']);
    expect(task()?.note?.[1]?.authorReference?.reference).toBe(ME);
    expect(lastChange()).toMatchObject({ label: 'Add Note', commutes: true });
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('');

    act(() => replica.settle(lastSeq(), 'failed', 'Note too long'));
    expect(await screen.findByText('Note too long')).toBeInTheDocument();
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
    replica.rejectNext = new Error('Pause Task cannot be applied to Task/t1: path not found');
    await user.click(screen.getByRole('button', { name: 'Pause Task' }));
    expect(
      await screen.findByText('Pause Task cannot be applied to Task/t1: path not found')
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.queryByText('Task paused')).not.toBeInTheDocument();
    expect(task()?.status).toBe('ready');
  });
});
