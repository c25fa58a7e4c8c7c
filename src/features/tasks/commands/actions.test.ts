import type { Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import {
  addNote,
  assignRole,
  assignTask,
  buildTaskChange,
  changeDueDate,
  claimTask,
  completeTask,
  deleteTask,
  pauseTask,
  resumeTask,
  updateBusinessStatus,
  type ActionContext,
} from './actions';

const task: Task = { resourceType: 'Task', id: 't1', status: 'ready', intent: 'order' };
const context: ActionContext = {
  task,
  me: { reference: 'Practitioner/me' },
  now: '2024-03-01T10:00:00.000Z',
};
const doctor = { system: 'http://snomed.info/sct', code: '158965000', display: 'Doctor' };

describe('the task actions as changes for the sync engine', () => {
  it('use the product labels and toasts; Complete says Task completed', () => {
    const table = [
      [assignTask, 'Assign Task', 'Task assigned'],
      [assignRole, 'Assign Role', 'Task assigned'],
      [claimTask, 'Claim Task', 'Task claimed'],
      [pauseTask, 'Pause Task', 'Task paused'],
      [resumeTask, 'Resume Task', 'Task resumed'],
      [completeTask, 'Complete Task', 'Task completed'],
      [deleteTask, 'Delete Task', 'Task deleted'],
      [changeDueDate, 'Add Due-Date', 'Due-date updated.'],
      [updateBusinessStatus, 'Update Business Status', 'Status updated.'],
      [addNote, 'Add Note', 'Comment added.'],
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
    expect(assignTask.label(owned)).toBe('Reassign Task');
    expect(changeDueDate.label(owned)).toBe('Change Due-Date');
  });

  it('only Add Note and Assign Role commute', () => {
    const commuting = [
      assignTask,
      assignRole,
      claimTask,
      pauseTask,
      resumeTask,
      completeTask,
      deleteTask,
      changeDueDate,
      updateBusinessStatus,
      addNote,
    ]
      .filter((action) => action.commutes)
      .map((action) => action.label(task));
    expect(commuting).toEqual(['Assign Role', 'Add Note']);
  });

  it('ask before claiming and deleting, in the product words', () => {
    expect(claimTask.confirm).toBe('Are you sure you want to assign this task to yourself?');
    expect(deleteTask.confirm).toBe('Are you sure you want to delete this task?');
  });

  it('build patch changes without the version test, and a delete without operations', () => {
    expect(buildTaskChange(pauseTask, context, undefined)).toEqual({
      resourceType: 'Task',
      id: 't1',
      kind: 'patch',
      operations: [{ op: 'replace', path: '/status', value: 'on-hold' }],
      commutes: false,
      label: 'Pause Task',
    });
    expect(buildTaskChange(addNote, context, '  hello  ').operations).toEqual([
      {
        op: 'add',
        path: '/note',
        value: [{ text: 'hello', authorReference: { reference: 'Practitioner/me' }, time: context.now }],
      },
    ]);
    expect(buildTaskChange(assignRole, context, doctor)).toMatchObject({
      commutes: true,
      label: 'Assign Role',
    });
    expect(buildTaskChange(deleteTask, context, undefined)).toEqual({
      resourceType: 'Task',
      id: 't1',
      kind: 'delete',
      commutes: false,
      label: 'Delete Task',
    });
  });

  it('refuse an empty note, a missing date or status, and an owner that is not a Practitioner', () => {
    expect(() => buildTaskChange(addNote, context, '   ')).toThrow('A note needs text');
    expect(() => buildTaskChange(changeDueDate, context, '')).toThrow('Choose a date');
    expect(() => buildTaskChange(updateBusinessStatus, context, {})).toThrow('Choose a status');
    expect(() => buildTaskChange(assignTask, context, { reference: 'Patient/p1' })).toThrow(
      'The owner must be a Practitioner'
    );
  });
});
