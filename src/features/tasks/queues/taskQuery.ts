import type { StoredResource } from '../../../db/types';

/**
 * The task list's query as the URL holds it (spec §2, §7): filters, sort rules and fields. These are
 * the rules that decide which tasks belong in a queue and in what order; they read the queue fields
 * the replica derives for every Task (owner, status, performer, patientState, priorityOrder, dueDate).
 */

/** Highest priority first, then the earliest due date: the default order of every task list. */
export const DEFAULT_TASK_SORT = '-priority-order,due-date';

/** The columns of the Task list when the URL names none (spec §2). */
export const DEFAULT_TASK_FIELDS = ['code', '_lastUpdated', 'owner', 'for', 'priority'] as const;

/** The columns of the queues of the side menu (spec §2). */
export const QUEUE_FIELDS = [
  'code',
  'owner',
  'for',
  'priority',
  'due-date',
  '_lastUpdated',
  'performerType',
] as const;

export interface TaskFilter {
  /** 'Practitioner/123' */
  owner?: string;
  /** true: unowned only; false: owned only. */
  ownerMissing?: boolean;
  /** Any of these statuses (status=a,b). */
  status?: string[];
  /** None of these statuses (status:not=completed). */
  statusNot?: string[];
  /** A performer type code the task must carry. */
  performer?: string;
  /** The address state of the task's patient ('NY'). */
  patientState?: string;
  /** 'Patient/123' */
  patient?: string;
}

export type SortField = 'priority-order' | 'due-date' | '_lastUpdated';

export interface SortRule {
  field: SortField;
  descending: boolean;
}

export interface TaskQuery {
  filter: TaskFilter;
  sort: SortRule[];
  fields: string[];
}

const SORT_FIELDS: readonly string[] = ['priority-order', 'due-date', '_lastUpdated'];

const list = (value: string): string[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** Reads the filters, sort rules and fields of a /Task URL. Unknown parameters are left out. */
export function parseTaskQuery(params: URLSearchParams): TaskQuery {
  const filter: TaskFilter = {};
  for (const [name, value] of params) {
    switch (name) {
      case 'owner':
        filter.owner = value;
        break;
      case 'owner:missing':
        filter.ownerMissing = value === 'true';
        break;
      case 'status':
        filter.status = list(value);
        break;
      case 'status:not':
        filter.statusNot = [...(filter.statusNot ?? []), ...list(value)];
        break;
      case 'performer':
        filter.performer = value;
        break;
      case 'patient.address-state':
        filter.patientState = value;
        break;
      case 'patient':
      case 'subject':
        filter.patient = value;
        break;
    }
  }
  return { filter, sort: parseSort(params.get('_sort') ?? DEFAULT_TASK_SORT), fields: parseFields(params) };
}

export function parseSort(value: string): SortRule[] {
  return list(value).flatMap((part) => {
    const descending = part.startsWith('-');
    const field = descending ? part.slice(1) : part;
    return SORT_FIELDS.includes(field) ? [{ field: field as SortField, descending }] : [];
  });
}

/** The columns: `_fields` when given, the queue columns for a queue, else the Task defaults. */
export function parseFields(params: URLSearchParams): string[] {
  const given = params.get('_fields');
  if (given) return list(given);
  return isQueueQuery(params) ? [...QUEUE_FIELDS] : [...DEFAULT_TASK_FIELDS];
}

/** A queue of the side menu: owned by someone, or a role or state queue. */
export function isQueueQuery(params: URLSearchParams): boolean {
  return params.has('owner') || params.has('performer') || params.has('patient.address-state');
}

/** The Active / Completed tabs are hidden on the role and state queues (spec §2). */
export function showsStatusTabs(params: URLSearchParams): boolean {
  return !params.has('performer') && !params.has('patient.address-state');
}

/** Whether a task record belongs to the filtered list. Deleted records never do. */
export function matchesTaskFilter(record: StoredResource, filter: TaskFilter): boolean {
  if (record.resourceType !== 'Task' || record.deleted === 1) return false;
  const owner = record.owner ?? '';
  if (filter.owner !== undefined && owner !== filter.owner) return false;
  if (filter.ownerMissing === true && owner !== '') return false;
  if (filter.ownerMissing === false && owner === '') return false;
  const status = record.status ?? '';
  if (filter.status && !filter.status.includes(status)) return false;
  if (filter.statusNot && filter.statusNot.includes(status)) return false;
  if (filter.performer !== undefined && !(record.performer ?? []).includes(filter.performer)) return false;
  if (filter.patientState !== undefined && record.patientState !== filter.patientState) return false;
  if (filter.patient !== undefined && record.patient !== filter.patient) return false;
  return true;
}

type SortValue = string | number | undefined;

function sortValue(record: StoredResource, field: SortField): SortValue {
  switch (field) {
    case 'priority-order':
      return record.priorityOrder ?? 10;
    case 'due-date':
      return record.dueDate || undefined;
    case '_lastUpdated':
      return record.lastUpdated || undefined;
  }
}

/** Missing values last when ascending (first when descending), as the server sorts. */
function compareValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : 1;
}

/** The order of a sort: each rule in turn, then the id, so every copy lists equal tasks alike. */
export function compareTasks(sort: readonly SortRule[]): (a: StoredResource, b: StoredResource) => number {
  return (a, b) => {
    for (const rule of sort) {
      const c = compareValues(sortValue(a, rule.field), sortValue(b, rule.field));
      if (c !== 0) return rule.descending ? -c : c;
    }
    return compareValues(a.id, b.id);
  };
}

/** The tasks of a list, in its order. */
export function selectTasks(records: Iterable<StoredResource>, query: TaskQuery): StoredResource[] {
  const matches: StoredResource[] = [];
  for (const record of records) if (matchesTaskFilter(record, query.filter)) matches.push(record);
  return matches.sort(compareTasks(query.sort));
}
