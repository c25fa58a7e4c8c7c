import type { Patient, ValueSet } from '@medplum/fhirtypes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ME, replicaHarness, type ReplicaHarness } from '@/ui/testing/replica-harness';
import { TASK_TYPE_VALUESET_URL } from '../constants';
import { NewTaskModal } from './NewTaskModal';

const taskTypes: ValueSet = {
  resourceType: 'ValueSet',
  id: 'task-types',
  url: TASK_TYPE_VALUESET_URL,
  status: 'active',
  expansion: {
    timestamp: '2024-01-01',
    contains: [{ system: 'https://x/task-type', code: 'call', display: 'Call Patient' }],
  },
};
const patient: Patient = { resourceType: 'Patient', id: 'p1', name: [{ given: ['Ruth'], family: 'Okafor' }] };

/** 'YYYY-MM-DD' of the local day `days` from today. */
function inDays(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

let h: ReplicaHarness;
beforeEach(async () => {
  h = await replicaHarness();
  await h.pull(ME);
  await h.hold(taskTypes, patient);
});
afterEach(() => h.stop());
afterEach(() => act(() => notifications.clean()));

async function fillIn(dueDate: string) {
  h.render(<NewTaskModal opened onClose={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: 'New Task' });
  const user = userEvent.setup();
  await user.click(within(dialog).getByRole('combobox', { name: 'Task type' }));
  await user.click(await screen.findByRole('option', { name: 'Call Patient' }));
  await user.click(within(dialog).getByRole('combobox', { name: 'Patient' }));
  await user.click(await screen.findByRole('option', { name: 'Ruth Okafor' }));
  fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: dueDate } });
  await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
  return { dialog, user };
}

describe('New Task: the due date', () => {
  it('in the past asks to confirm under the field, creating nothing; Save anyway creates the task', async () => {
    const { dialog, user } = await fillIn(inDays(-2));
    const anyway = await within(dialog).findByRole('button', { name: 'Save anyway' });
    expect(within(dialog).getAllByText(/The due date is in the past/).length).toBeGreaterThan(0);
    expect(h.applied).toEqual([]);
    await user.click(anyway);
    await waitFor(() => expect(h.applied.map((change) => change.label)).toEqual(['New Task']));
  });

  it('within two years creates the task at once', async () => {
    await fillIn(inDays(10));
    await waitFor(() => expect(h.applied.map((change) => change.label)).toEqual(['New Task']));
    expect(screen.queryByRole('button', { name: 'Save anyway' })).toBeNull();
  });
});
