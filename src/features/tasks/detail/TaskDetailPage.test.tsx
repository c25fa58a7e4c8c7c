import type { Task } from '@medplum/fhirtypes';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { useOfferResource, type StoredResource } from '@/ui';
import { ME, OTHER, replicaHarness, type ReplicaHarness } from '@/ui/testing/replica-harness';
import { TaskDetailPage } from './TaskDetailPage';

/** How often each part of the page was drawn since the last `drawn.reset()`. */
const drawn = vi.hoisted(() => {
  const counts = new Map<string, number>();
  return {
    count: (part: string) => counts.set(part, (counts.get(part) ?? 0) + 1),
    of: (part: string) => counts.get(part) ?? 0,
    reset: () => counts.clear(),
  };
});

// Each part is the real component, counted each time React draws it.
vi.mock('./TaskDetailsTab', async (original) => {
  const { TaskDetailsTab } = await original<typeof import('./TaskDetailsTab')>();
  return {
    TaskDetailsTab: (props: Parameters<typeof TaskDetailsTab>[0]) => {
      drawn.count('details');
      return TaskDetailsTab(props);
    },
  };
});
vi.mock('../actions/AddNoteForm', async (original) => {
  const { AddNoteForm } = await original<typeof import('../actions/AddNoteForm')>();
  const { createElement, memo } = await import('react');
  return {
    AddNoteForm: memo(function CountedNoteForm(props: Parameters<typeof AddNoteForm>[0]) {
      drawn.count('note form');
      return createElement(AddNoteForm, props);
    }),
  };
});
vi.mock('@/ui/patient-summary/PatientSummaryCard', async (original) => {
  const module = await original<typeof import('@/ui/patient-summary/PatientSummaryCard')>();
  return {
    PatientSummaryCard: (props: Parameters<typeof module.PatientSummaryCard>[0]) => {
      drawn.count('patient summary');
      return module.PatientSummaryCard(props);
    },
  };
});

const TASK: Task = {
  resourceType: 'Task',
  id: 't1',
  status: 'ready',
  intent: 'order',
  code: { text: 'Respond to message' },
  for: { reference: 'Patient/p1', display: 'Emily Chen' },
};

let h: ReplicaHarness;

beforeEach(async () => {
  h = await replicaHarness();
  await h.pull(ME, OTHER);
  await h.hold({ resourceType: 'Patient', id: 'p1', name: [{ given: ['Emily'], family: 'Chen' }] }, TASK);
});

afterEach(() => {
  cleanup();
  h.stop();
});
afterEach(() => act(() => notifications.clean()));

describe('the task page draws again only what a change changes', () => {
  it('Pause redraws the actions, the status and the Details tab once; not the note form or the patient summary', async () => {
    h.render(<TaskDetailPage id="t1" tab="details" />);
    const actions = await screen.findByRole('region', { name: 'Task Actions' });
    await within(actions).findByRole('textbox', { name: 'Note' });
    expect(screen.getByRole('heading', { level: 1, name: 'Respond to message' })).toBeInTheDocument();
    const user = userEvent.setup();
    // Narrower than three columns (jsdom matches no width) the summary unfolds from the patient's line.
    await user.click(await screen.findByRole('button', { name: 'Show patient summary' }));
    expect(await screen.findByRole('region', { name: 'Patient summary' })).toBeInTheDocument();
    drawn.reset();

    await user.click(within(actions).getByRole('button', { name: 'Pause Task' }));
    expect(await within(actions).findByRole('button', { name: 'Resume Task' })).toBeInTheDocument();
    expect(await screen.findByText('Task paused')).toBeInTheDocument();
    const details = screen.getByRole('table', { name: 'Task details' });
    await waitFor(() =>
      expect(within(details).getByRole('row', { name: /^Status/ })).toHaveTextContent('On hold')
    );

    expect(drawn.of('note form')).toBe(0);
    expect(drawn.of('patient summary')).toBe(0);
    // The tabs follow the change in one render of their own (and one when the replica confirms it).
    expect(drawn.of('details')).toBeGreaterThanOrEqual(1);
    expect(drawn.of('details')).toBeLessThanOrEqual(2);
  });
});

/**
 * A list's row: pressing it offers its record, then opens the task's page (as the router would);
 * 'Open by link' opens the page without an offer, and 'Close' goes back.
 */
function RowThenPage({ record }: { record: StoredResource }) {
  const offer = useOfferResource();
  const [open, setOpen] = useState(false);
  if (open)
    return (
      <>
        <button onClick={() => setOpen(false)}>Close</button>
        <TaskDetailPage id={record.id} tab="details" />
      </>
    );
  return (
    <>
      <button
        onClick={() => {
          offer(record);
          setOpen(true);
        }}
      >
        Open the row
      </button>
      <button onClick={() => setOpen(true)}>Open by link</button>
    </>
  );
}

describe('a task opened from its list row', () => {
  it("draws whole in the click's render, before any replica read has answered", async () => {
    const record = await h.record('Task', 't1');
    if (!record) throw new Error('the task is not held');
    h.render(<RowThenPage record={record} />);
    const row = await screen.findByRole('button', { name: 'Open the row' });
    drawn.reset();

    fireEvent.click(row);
    // No replica read has answered yet: the page is drawn from what the row held.
    expect(screen.queryByLabelText('Loading task')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Respond to message' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Task Actions' })).toBeInTheDocument();
    expect(drawn.of('details')).toBeGreaterThanOrEqual(1);

    // The page's own read follows and answers the same.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByRole('heading', { level: 1, name: 'Respond to message' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading task')).not.toBeInTheDocument();
  });

  it('with a change of it waiting to sync, is read from the replica first (its sync state is not guessed)', async () => {
    h.setOnline(false);
    await h.service.applyChange({
      kind: 'patch',
      resourceType: 'Task',
      id: 't1',
      label: 'Pause Task',
      operations: [{ op: 'replace', path: '/status', value: 'on-hold' }],
    } as never);
    const record = await h.record('Task', 't1');
    if (!record || record.pending === 0) throw new Error('the change is not held');
    h.render(<RowThenPage record={record} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Open the row' }));
    expect(screen.getByLabelText('Loading task')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Respond to message' })).toBeInTheDocument();
  });

  it('opened again another way after it closed, is read from the replica first (nothing it showed is kept)', async () => {
    const record = await h.record('Task', 't1');
    if (!record) throw new Error('the task is not held');
    h.render(<RowThenPage record={record} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open the row' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Open by link' }));
    expect(screen.getByLabelText('Loading task')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Respond to message' })).toBeInTheDocument();
  });
});

describe('a change of the task the server refused', () => {
  it('is shown on the task page with the server’s words, and Retry and Dismiss', async () => {
    const due: Task = { ...TASK, id: 't2', restriction: { period: { end: '2030-01-01' } } };
    // The server's copy has no restriction: replacing it is refused for good.
    await h.holdWithoutOnServer(due, 'restriction');
    await act(async () => {
      await h.service.applyChange({
        kind: 'patch',
        resourceType: 'Task',
        id: 't2',
        label: 'Change Due-Date',
        operations: [{ op: 'replace', path: '/restriction', value: { period: { end: '2030-02-01' } } }],
      } as never);
    });
    await h.syncNow();
    h.render(<TaskDetailPage id="t2" tab="details" />);

    const refused = await screen.findByRole('region', { name: 'Failed: Change Due-Date' });
    expect(within(refused).getByRole('alert')).not.toHaveTextContent('The server refused this change.');
    expect(within(refused).getByRole('alert').textContent).not.toBe('');
    expect(within(refused).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(refused).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });
});
