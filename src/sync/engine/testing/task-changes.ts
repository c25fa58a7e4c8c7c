import type { Annotation, Task } from '@medplum/fhirtypes';
import type { LocalChange } from '../types';

/**
 * The task actions of the task app as LocalChanges, built from the task as the
 * device shows it. For tests; the task screens build the same shapes.
 */
export const taskChanges = {
  claim(task: Task, me: string): LocalChange {
    return patch(task, 'Claim Task', false, [{ op: 'add', path: '/owner', value: { reference: me } }]);
  },
  assign(task: Task, owner: string): LocalChange {
    const op = task.owner ? 'replace' : 'add';
    return patch(task, task.owner ? 'Reassign Task' : 'Assign Task', false, [
      { op, path: '/owner', value: { reference: owner } },
    ]);
  },
  status(task: Task, status: Task['status'], label = 'Update Status'): LocalChange {
    return patch(task, label, false, [{ op: 'replace', path: '/status', value: status }]);
  },
  dueDate(task: Task, end: string): LocalChange {
    const op = task.restriction ? 'replace' : 'add';
    const label = task.restriction?.period?.end ? 'Change Due-Date' : 'Add Due-Date';
    return patch(task, label, false, [{ op, path: '/restriction', value: { period: { end } } }]);
  },
  note(task: Task, text: string, author: string, time: string): LocalChange {
    const entry: Annotation = { text, authorReference: { reference: author }, time };
    const op = task.note ? 'replace' : 'add';
    return patch(task, 'Add Note', true, [{ op, path: '/note', value: [...(task.note ?? []), entry] }]);
  },
  performerType(task: Task, code: string, display: string): LocalChange {
    const coding = { coding: [{ system: 'http://snomed.info/sct', code, display }] };
    const op = task.performerType ? 'replace' : 'add';
    return patch(task, 'Assign Role', true, [
      { op, path: '/performerType', value: [...(task.performerType ?? []), coding] },
    ]);
  },
  remove(task: Task): LocalChange {
    return { resourceType: 'Task', id: task.id, kind: 'delete', commutes: false, label: 'Delete Task' };
  },
  create(task: Task): LocalChange {
    return { resourceType: 'Task', kind: 'create', resource: task, commutes: false, label: 'New Task' };
  },
};

function patch(
  task: Task,
  label: string,
  commutes: boolean,
  operations: LocalChange['operations']
): LocalChange {
  return { resourceType: 'Task', id: task.id, kind: 'patch', operations, commutes, label };
}
