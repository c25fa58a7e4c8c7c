/**
 * The task queues of the product (spec §2, §7) as FHIR searches, in one place: the task screens, the
 * sync engine's pull scope, the local query engine and their tests all use these.
 */

/** Highest priority first, then the earliest due date. */
export const TASK_QUEUE_SORT = '-priority-order,due-date';

/** The list tabs: Active (status not completed) and Completed. */
export type TaskTab = 'active' | 'completed';

const NOT_COMPLETED: [string, string] = ['status:not', 'completed'];
const UNOWNED: [string, string] = ['owner:missing', 'true'];

function queue(filters: [string, string][]): URLSearchParams {
  return new URLSearchParams([...filters, ['_sort', TASK_QUEUE_SORT]]);
}

/** 'My Tasks': owned by the signed-in practitioner (e.g. 'Practitioner/123'), not completed. */
export function myTasks(profileRef: string): URLSearchParams {
  return queue([['owner', profileRef], NOT_COMPLETED]);
}

/** A role queue: unowned, not completed, performer type is the role's code. */
export function roleQueue(code: string): URLSearchParams {
  return queue([UNOWNED, NOT_COMPLETED, ['performer', code]]);
}

/** A state queue: unowned, not completed, for a patient whose address state is the state code. */
export function stateQueue(state: string): URLSearchParams {
  return queue([UNOWNED, NOT_COMPLETED, ['patient.address-state', state]]);
}

/** 'All Tasks' on one tab. */
export function allTasks(tab: TaskTab): URLSearchParams {
  return queue([tab === 'active' ? NOT_COMPLETED : ['status', 'completed']]);
}

/** A copy of a queue search asking for one page. */
export function withPage(params: URLSearchParams, page: { count: number; offset?: number }): URLSearchParams {
  const paged = new URLSearchParams(params);
  paged.set('_count', String(page.count));
  paged.set('_offset', String(page.offset ?? 0));
  return paged;
}
