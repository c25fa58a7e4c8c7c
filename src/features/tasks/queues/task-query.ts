import { TASK_QUEUE_SORT } from '@/fhir/task-queues';
import { pageSearch } from '@/ui';

/**
 * What the task list reads from its URL beyond the search itself: the columns and
 * whether the status tabs show. Which tasks match and in what order is the local query engine's
 * answer (src/sync/local-query), the same as the server's.
 */

/** Highest priority first, then the earliest due date: the order of a list whose URL names none. */
export const DEFAULT_TASK_SORT = TASK_QUEUE_SORT;

/** The columns of the Task list when the URL names none. */
export const DEFAULT_TASK_FIELDS = ['code', '_lastUpdated', 'owner', 'for', 'priority'] as const;

/** The columns of the queues of the side menu. */
export const QUEUE_FIELDS = [
  'code',
  'owner',
  'for',
  'priority',
  'due-date',
  '_lastUpdated',
  'performerType',
] as const;

const list = (value: string): string[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** The columns: `_fields` when given, the queue columns for a queue, else the Task defaults. */
export function parseFields(params: URLSearchParams): string[] {
  const given = params.get('_fields');
  if (given) return list(given);
  return isQueueQuery(params) ? [...QUEUE_FIELDS] : [...DEFAULT_TASK_FIELDS];
}

/** What a list's URL may hold besides its filters: its page, its order and the status tab. */
const NOT_FILTERS = new Set(['_sort', '_offset', '_count', '_total', 'status', 'status:not']);

/**
 * A queue of the side menu: owned by someone, a role or state queue, or All Tasks (no filter but the
 * status tab). Every queue lists the same columns; a list filtered otherwise shows the Task defaults.
 */
export function isQueueQuery(params: URLSearchParams): boolean {
  if (params.has('owner') || params.has('performer') || params.has('patient.address-state')) return true;
  return [...params.keys()].every((name) => NOT_FILTERS.has(name));
}

/** The Active / Completed tabs are hidden on the role and state queues. */
export function showsStatusTabs(params: URLSearchParams): boolean {
  return !params.has('performer') && !params.has('patient.address-state');
}

/** The FHIR search of one page of a task list: its filters, its sort or the default, its page. */
export function taskSearch(params: URLSearchParams): URLSearchParams {
  return pageSearch(params, DEFAULT_TASK_SORT);
}
