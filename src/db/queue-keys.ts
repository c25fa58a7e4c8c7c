import type { Task } from '@medplum/fhirtypes';
import { parseDateRange } from '@/fhir/search/dates';
import type { StoredResource } from './types';

/**
 * The entries of the replica's `queue` index: for each task queue a live Task belongs to, the queue's
 * prefix followed by the task's rank. Reading the index from a prefix walks that queue in its display
 * order (`-priority-order,due-date`, ties by id, as the server sorts), so a page costs a page of rows
 * and the queue's size is an index count.
 *
 * - `a|open|rank`: every task; open is 1 unless the status is completed (the Active / Completed tabs).
 * - `o|owner|open|rank`: the tasks of an owner reference (My Tasks, either tab).
 * - `r|code|rank`: unowned open tasks of a performer type code (a role queue).
 * - `s|state|rank`: unowned open tasks whose patient lives in a state (a state queue).
 * Deleted records belong to no queue.
 */
export type QueueSelector =
  | { kind: 'all'; open: boolean }
  | { kind: 'owner'; owner: string; open: boolean }
  | { kind: 'role'; code: string }
  | { kind: 'state'; state: string };

/** Separates the parts of an entry; below every character a code, reference or state uses. */
const SEP = '\u0001';
/** Above every character of a rank: the end of a prefix's range. */
export const QUEUE_RANGE_END = '\uffff';

const flag = (open: boolean): string => (open ? '1' : '0');

/** The index prefix of a queue; its entries are `prefix + rank`. */
export function queuePrefix(selector: QueueSelector): string {
  switch (selector.kind) {
    case 'all':
      return ['a', flag(selector.open), ''].join(SEP);
    case 'owner':
      return ['o', selector.owner, flag(selector.open), ''].join(SEP);
    case 'role':
      return ['r', selector.code, ''].join(SEP);
    case 'state':
      return ['s', selector.state, ''].join(SEP);
  }
}

/** A fixed-width decimal of an epoch-milliseconds value, ordered as the numbers are. */
function sortableMs(value: number): string {
  const whole = Math.floor(value);
  const fraction = Math.round((value - whole) * 1e6);
  return `${String(whole + 1e15).padStart(16, '0')}.${String(fraction).padStart(6, '0')}`;
}

/**
 * The due-date value the search sorts by: the period's start when it has one, else its end (the end of
 * its precision); undefined when there is no period, so the task sorts last.
 */
function dueSortValue(task: Task): number | undefined {
  const period = task.restriction?.period as Record<string, unknown> | undefined;
  if (!period || !('start' in period || 'end' in period)) return undefined;
  const start = typeof period.start === 'string' ? parseDateRange(period.start)?.start : undefined;
  if (start !== undefined && Number.isFinite(start)) return start;
  const end = typeof period.end === 'string' ? parseDateRange(period.end)?.end : undefined;
  return end !== undefined && Number.isFinite(end) ? end : undefined;
}

/** Higher priority first, then the earlier due date (none last), then the id. */
function rank(record: StoredResource): string {
  const priority = String(100 - (record.priorityOrder ?? 10)).padStart(3, '0');
  const due = dueSortValue(record.resource as Task);
  return `${priority}${due === undefined ? '~' : sortableMs(due)}${SEP}${record.id}`;
}

/** The queue entries of a record whose derived fields are set; none for a deleted or non-Task record. */
export function queueKeys(record: StoredResource): string[] {
  if (record.resourceType !== 'Task' || record.deleted === 1) return [];
  const open = record.status !== 'completed';
  const selectors: QueueSelector[] = [{ kind: 'all', open }];
  if (record.owner) selectors.push({ kind: 'owner', owner: record.owner, open });
  else if (open) {
    for (const code of new Set(record.performer ?? [])) selectors.push({ kind: 'role', code });
    if (record.patientState !== undefined) selectors.push({ kind: 'state', state: record.patientState });
  }
  const suffix = rank(record);
  return selectors.map((selector) => queuePrefix(selector) + suffix);
}

/** The record with its `queue` entries computed from its other fields. */
export function withQueueKeys<T extends StoredResource>(record: T): T {
  record.queue = queueKeys(record);
  return record;
}
