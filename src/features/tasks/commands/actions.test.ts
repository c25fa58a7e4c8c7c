import type { Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import * as actions from './actions';

const task: Task = { resourceType: 'Task', id: 't1', status: 'ready', intent: 'order' };
const context: actions.ActionContext = {
  task,
  me: { reference: 'Practitioner/me' },
  now: '2024-03-01T10:00:00.000Z',
};
const doctor = { system: 'http://snomed.info/sct', code: '158965000', display: 'Doctor' };

describe('the task actions as changes for the sync engine', () => {
  it('use the product labels and toasts; Complete says Task completed', () => {
    const table = [
      [actions.assignTask, 'Assign Task', 'Task assigned'],
      [actions.assignRole, 'Assign Role', 'Task assigned'],
      [actions.claimTask, 'Claim Task', 'Task claimed'],
      [actions.pauseTask, 'Pause Task', 'Task paused'],
      [actions.resumeTask, 'Resume Task', 'Task resumed'],
      [actions.completeTask, 'Complete Task', 'Task completed'],
      [actions.deleteTask, 'Delete Task', 'Task deleted'],
      [actions.changeDueDate, 'Add Due-Date', 'Due-date updated.'],
      [actions.updateBusinessStatus, 'Update Business Status', 'Status updated.'],
      [actions.addNote, 'Add Note', 'Comment added.'],
    ] as const;
    for (const [action, label, success] of table) {
      expect(action.label(task)).toBe(label);
      expect(action.success).toBe(success);
    }
    const owned: Task = {
      ...task,
      owner: { reference: 'Practitioner/x' },
      restriction: { period: { end: '2024-01-01' } },
    };
    expect(actions.assignTask.label(owned)).toBe('Reassign Task');
    expect(actions.changeDueDate.label(owned)).toBe('Change Due-Date');
  });

  it('only Add Note and Assign Role commute', () => {
    const commuting = [
      actions.assignTask,
      actions.assignRole,
      actions.claimTask,
      actions.pauseTask,
      actions.resumeTask,
      actions.completeTask,
      actions.deleteTask,
      actions.changeDueDate,
      actions.updateBusinessStatus,
      actions.addNote,
    ]
      .filter((action) => action.commutes)
      .map((action) => action.label(task));
    expect(commuting).toEqual(['Assign Role', 'Add Note']);
  });

  it('ask before claiming and deleting, in the product words', () => {
    expect(actions.claimTask.confirm).toBe('Are you sure you want to assign this task to yourself?');
    expect(actions.deleteTask.confirm).toBe('Are you sure you want to delete this task?');
  });

  it('build patch changes without the version test, and a delete without operations', () => {
    expect(actions.buildTaskChange(actions.pauseTask, context, undefined)).toEqual({
      resourceType: 'Task',
      id: 't1',
      kind: 'patch',
      operations: [{ op: 'replace', path: '/status', value: 'on-hold' }],
      commutes: false,
      label: 'Pause Task',
    });
    expect(actions.buildTaskChange(actions.addNote, context, '  hello  ').operations).toEqual([
      {
        op: 'add',
        path: '/note',
        value: [{ text: 'hello', authorReference: { reference: 'Practitioner/me' }, time: context.now }],
      },
    ]);
    expect(actions.buildTaskChange(actions.assignRole, context, doctor)).toMatchObject({
      commutes: true,
      label: 'Assign Role',
    });
    expect(actions.buildTaskChange(actions.deleteTask, context, undefined)).toEqual({
      resourceType: 'Task',
      id: 't1',
      kind: 'delete',
      commutes: false,
      label: 'Delete Task',
    });
  });

  it('refuse an empty note, a missing date or status, and an owner that is not a Practitioner', () => {
    expect(() => actions.buildTaskChange(actions.addNote, context, '   ')).toThrow('A note needs text');
    expect(() => actions.buildTaskChange(actions.changeDueDate, context, '')).toThrow('Choose a date');
    expect(() => actions.buildTaskChange(actions.updateBusinessStatus, context, {})).toThrow(
      'Choose a status'
    );
    expect(() => actions.buildTaskChange(actions.assignTask, context, { reference: 'Patient/p1' })).toThrow(
      'The owner must be a Practitioner'
    );
  });
});
