import type { Coding, Practitioner, Reference, Task } from '@medplum/fhirtypes';
import type { Operation } from 'fast-json-patch';
import type { LocalChange } from '@/ui';
import {
  addNotePatch,
  businessStatusPatch,
  claimPatch,
  dueDatePatch,
  ownerPatch,
  performerTypePatch,
  statusPatch,
} from './patches';

/** What an action knows besides its input: the task as shown, the signed-in user and the time. */
export interface ActionContext {
  task: Task;
  me: Reference<Practitioner>;
  /** ISO instant. */
  now: string;
}

/**
 * One task action in the product's words (its label and its success toast). `operations` builds its
 * JSON Patch; a delete has none. Every action runs through the same command path (useTaskCommand).
 */
export interface TaskAction<Input> {
  /** The outbox label and button text, e.g. 'Claim Task'. May depend on the task ('Reassign Task'). */
  label: (task: Task) => string;
  /** The success toast. */
  success: string;
  kind: 'patch' | 'delete';
  /** True for changes the engine may re-base on a newer server version. */
  commutes: boolean;
  /** A question to confirm before running, if any. */
  confirm?: string;
  /** Why the input cannot be used, if it cannot ('a note needs text'); nothing is changed then. */
  invalid?: (input: Input) => string | undefined;
  operations?: (context: ActionContext, input: Input) => Operation[];
}

const hasOwner = (task: Task) => !!task.owner;

export const assignTask: TaskAction<Reference> = {
  label: (task) => (hasOwner(task) ? 'Reassign Task' : 'Assign Task'),
  success: 'Task assigned',
  kind: 'patch',
  commutes: false,
  invalid: (owner) =>
    owner.reference?.startsWith('Practitioner/') ? undefined : 'The owner must be a Practitioner',
  operations: ({ task }, owner) => ownerPatch(task, owner),
};

export const assignRole: TaskAction<Coding> = {
  label: () => 'Assign Role',
  success: 'Task assigned',
  kind: 'patch',
  commutes: true,
  invalid: (role) => (role.code ? undefined : 'Choose a role'),
  operations: ({ task }, role) => performerTypePatch(task, role),
};

export const claimTask: TaskAction<void> = {
  label: () => 'Claim Task',
  success: 'Task claimed',
  kind: 'patch',
  commutes: false,
  confirm: 'Are you sure you want to assign this task to yourself?',
  operations: ({ task, me }) => claimPatch(task, me),
};

/** An action that only sets the task's status. */
function statusAction(label: string, success: string, status: Task['status']): TaskAction<void> {
  return {
    label: () => label,
    success,
    kind: 'patch',
    commutes: false,
    operations: () => statusPatch(status),
  };
}

export const pauseTask = statusAction('Pause Task', 'Task paused', 'on-hold');
export const resumeTask = statusAction('Resume Task', 'Task resumed', 'in-progress');
export const completeTask = statusAction('Complete Task', 'Task completed', 'completed');

export const deleteTask: TaskAction<void> = {
  label: () => 'Delete Task',
  success: 'Task deleted',
  kind: 'delete',
  commutes: false,
  confirm: 'Are you sure you want to delete this task?',
};

export const changeDueDate: TaskAction<string> = {
  label: (task) => (task.restriction?.period?.end ? 'Change Due-Date' : 'Add Due-Date'),
  success: 'Due-date updated.',
  kind: 'patch',
  commutes: false,
  invalid: (date) => (date ? undefined : 'Choose a date'),
  operations: ({ task }, date) => dueDatePatch(task, date),
};

export const updateBusinessStatus: TaskAction<Coding> = {
  label: () => 'Update Business Status',
  success: 'Status updated.',
  kind: 'patch',
  commutes: false,
  invalid: (coding) => (coding.code ? undefined : 'Choose a status'),
  operations: ({ task }, coding) => businessStatusPatch(task, coding),
};

export const addNote: TaskAction<string> = {
  label: () => 'Add Note',
  success: 'Comment added.',
  kind: 'patch',
  commutes: true,
  invalid: (text) => (text.trim() ? undefined : 'A note needs text'),
  operations: ({ task, me, now }, text) => addNotePatch(task, text.trim(), me, now),
};

/** The LocalChange an action makes; throws with the reason when the input cannot be used. */
export function buildTaskChange<Input>(
  action: TaskAction<Input>,
  context: ActionContext,
  input: Input
): LocalChange {
  const reason = action.invalid?.(input);
  if (reason) throw new Error(reason);
  const base = {
    resourceType: 'Task',
    id: context.task.id,
    commutes: action.commutes,
    label: action.label(context.task),
  };
  if (action.kind === 'delete') return { ...base, kind: 'delete' };
  return { ...base, kind: 'patch', operations: action.operations?.(context, input) ?? [] };
}
