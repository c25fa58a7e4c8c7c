import { describe, expect, it } from 'vitest';
import { QUEUE_FIELDS } from '../queues/task-query';
import { fittingColumns, taskColumns } from './columns';
import { buildNewTask, validateNewTask } from './new-task';
import { currentTab, effectiveQuery, withTab } from './status-tabs';

describe('the task list', () => {
  it('drops columns by rank to fit a narrow list, never Code, For or Priority', () => {
    const columns = taskColumns([...QUEUE_FIELDS]);
    const headings = (width: number) => {
      const { shown, hidden } = fittingColumns(columns, width);
      return { shown: shown.map((c) => c.heading), hidden: hidden.map((c) => c.heading) };
    };
    expect(headings(1100).hidden).toEqual([]);
    // A portrait tablet (the menu closed) and a landscape one (the menu open): about 740 px.
    expect(headings(740)).toEqual({
      shown: ['Code', 'Owner', 'For', 'Priority', 'Due Date'],
      hidden: ['Last Updated', 'Performer Type'],
    });
    expect(headings(900).hidden).toEqual(['Last Updated']);
    // A phone: the essential columns stay even where they do not fit (the table scrolls).
    expect(headings(300)).toEqual({
      shown: ['Code', 'For', 'Priority'],
      hidden: ['Owner', 'Due Date', 'Last Updated', 'Performer Type'],
    });
  });

  it('switches between the Active and Completed tabs keeping the other filters', () => {
    const mine = new URLSearchParams(
      'owner=Practitioner/a&status:not=completed&_sort=-priority-order,due-date'
    );
    const completed = withTab(mine, 'completed');
    expect(completed.get('owner')).toBe('Practitioner/a');
    expect(completed.get('status')).toBe('completed');
    expect(completed.has('status:not')).toBe(false);
    expect(currentTab(completed)).toBe('completed');
    expect(currentTab(withTab(completed, 'active'))).toBe('active');
  });

  it('shows the Active tab for a list without a status filter', () => {
    expect(effectiveQuery(new URLSearchParams(), true).toString()).toBe('status%3Anot=completed');
    expect(effectiveQuery(new URLSearchParams('performer=1'), false).toString()).toBe('performer=1');
  });

  it('creates a ready order for the chosen patient with the chosen type', () => {
    const values = {
      code: { system: 'https://x/task-type', code: 'schedule-appointment', display: 'Schedule Appointment' },
      patient: { resourceType: 'Patient' as const, id: 'p1', name: [{ given: ['Ana'], family: 'Morales' }] },
      priority: 'urgent' as const,
      dueDate: '',
      description: ' Book a visit ',
    };
    expect(validateNewTask(values)).toEqual({});
    expect(validateNewTask({ ...values, code: undefined, patient: undefined })).toEqual({
      code: 'Choose a task type',
      patient: 'Choose a patient',
    });
    expect(buildNewTask(values, { reference: 'Practitioner/me' }, '2024-03-01T00:00:00Z')).toEqual({
      resourceType: 'Task',
      status: 'ready',
      intent: 'order',
      priority: 'urgent',
      authoredOn: '2024-03-01T00:00:00Z',
      requester: { reference: 'Practitioner/me' },
      code: { coding: [values.code], text: 'Schedule Appointment' },
      for: { reference: 'Patient/p1', display: 'Ana Morales' },
      description: 'Book a visit',
    });
  });
});
