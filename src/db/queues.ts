import Dexie, { type IndexableType, type Table } from 'dexie';
import type { ReplicaDatabase } from './database';
import type { ResourceKey, StoredResource } from './types';

/**
 * The task queues of the task screens, read from the replica. Every function only reads through
 * Dexie, so it can be handed to a live query (see `liveQueues`) and re-runs when its rows change.
 */

export interface PageRequest {
  /** Rows to skip; 0 when unset. */
  offset?: number;
  /** Rows to return; 20 when unset. */
  count?: number;
}

export interface QueuePage {
  items: StoredResource[];
  /** Whether rows follow this page. */
  hasMore: boolean;
}

export const DEFAULT_PAGE_SIZE = 20;

/** The values of priorityOrder (derive.ts), highest first. */
const PRIORITY_ORDERS_DESCENDING = [50, 40, 30, 20, 10] as const;

/** A task a queue shows: a Task, not completed, not deleted here. */
export function isOpenTask(record: StoredResource): boolean {
  return record.resourceType === 'Task' && record.deleted === 0 && record.status !== 'completed';
}

/**
 * The display order of My Tasks and the role and state queues: priority order descending, then due
 * date ascending with tasks without one last, then key (so equal tasks keep a stable order).
 */
export function compareQueueOrder(a: StoredResource, b: StoredResource): number {
  const byPriority = (b.priorityOrder ?? 10) - (a.priorityOrder ?? 10);
  if (byPriority !== 0) return byPriority;
  const dueA = a.dueDate ?? '';
  const dueB = b.dueDate ?? '';
  if (dueA !== dueB) {
    if (dueA === '') return 1;
    if (dueB === '') return -1;
    return dueA < dueB ? -1 : 1;
  }
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** Tasks I own, not completed, in queue order. `owner` is a reference: 'Practitioner/123'. */
export function myTasks(db: ReplicaDatabase, owner: string, page: PageRequest = {}): Promise<QueuePage> {
  return walkInQueueOrder(db, '[owner+priorityOrder+dueDate]', [owner], isOpenTask, page);
}

/** The queue of a practitioner role: unowned tasks, not completed, whose performer types include `code`. */
export function roleQueue(db: ReplicaDatabase, code: string, page: PageRequest = {}): Promise<QueuePage> {
  const accept = (record: StoredResource) => isOpenTask(record) && (record.performer ?? []).includes(code);
  return walkInQueueOrder(db, '[owner+priorityOrder+dueDate]', [''], accept, page);
}

/** The queue of a state: unowned tasks, not completed, whose patient lives in `state` ('NY'). */
export function stateQueue(db: ReplicaDatabase, state: string, page: PageRequest = {}): Promise<QueuePage> {
  return walkInQueueOrder(db, '[patientState+owner+priorityOrder+dueDate]', [state, ''], isOpenTask, page);
}

export interface AllTasksRequest extends PageRequest {
  /** 'active': status not completed; 'completed': status completed; unset: both. */
  status?: 'active' | 'completed';
}

/**
 * Every task not deleted here, most recently updated first (equal times by key, descending); tasks
 * without meta.lastUpdated (created here, not yet confirmed) come last.
 */
export async function allTasks(db: ReplicaDatabase, request: AllTasksRequest = {}): Promise<QueuePage> {
  const { offset, count } = pageOf(request);
  const accept = (record: StoredResource): boolean => {
    if (record.deleted !== 0) return false;
    if (request.status === 'active') return record.status !== 'completed';
    if (request.status === 'completed') return record.status === 'completed';
    return true;
  };
  const rows = await db.resources
    .where('[resourceType+lastUpdated]')
    .between(['Task', Dexie.minKey], ['Task', Dexie.maxKey])
    .reverse()
    .filter(accept)
    .offset(offset)
    .limit(count + 1)
    .toArray();
  return { items: rows.slice(0, count), hasMore: rows.length > count };
}

/** One record by key ('Task/123'), deleted or not. */
export function getRecord(db: ReplicaDatabase, key: ResourceKey): Promise<StoredResource | undefined> {
  return db.resources.get(key);
}

/** How many changes wait to be sent (the sync badge). */
export function pendingChangeCount(db: ReplicaDatabase): Promise<number> {
  return db.outbox.where('state').equals('pending').count();
}

/** How many changes the server rejected for good and the user has to look at. */
export function failedChangeCount(db: ReplicaDatabase): Promise<number> {
  return db.outbox.where('state').equals('failed').count();
}

/** How many conflicts wait for the user. */
export function openConflictCount(db: ReplicaDatabase): Promise<number> {
  return db.conflicts.count();
}

/**
 * The same reads as argument-free functions, the shape a live query takes, e.g. in a screen:
 * `useLiveQuery(liveQueues(db).myTasks(me, { offset }), [me, offset])`.
 */
export function liveQueues(db: ReplicaDatabase) {
  return {
    myTasks: (owner: string, page?: PageRequest) => () => myTasks(db, owner, page),
    roleQueue: (code: string, page?: PageRequest) => () => roleQueue(db, code, page),
    stateQueue: (state: string, page?: PageRequest) => () => stateQueue(db, state, page),
    allTasks: (request?: AllTasksRequest) => () => allTasks(db, request),
    record: (key: ResourceKey) => () => getRecord(db, key),
    pendingChangeCount: () => () => pendingChangeCount(db),
    failedChangeCount: () => () => failedChangeCount(db),
    openConflictCount: () => () => openConflictCount(db),
  };
}

/** A part of a compound index key. */
type KeyPart = string | number;

function pageOf(page: PageRequest): { offset: number; count: number } {
  return {
    offset: Math.max(0, Math.floor(page.offset ?? 0)),
    count: Math.max(0, Math.floor(page.count ?? DEFAULT_PAGE_SIZE)),
  };
}

/**
 * Reads a queue in display order from an index whose key is [...prefix, priorityOrder, dueDate]:
 * for each priority, highest first, the dated rows in due order, then the undated ones (dueDate '').
 * It stops as soon as the page and one more row are found, so the first page reads about a page
 * of rows however long the queue is; later pages read every row before them. Ties keep key order,
 * which is compareQueueOrder's.
 */
async function walkInQueueOrder(
  db: ReplicaDatabase,
  index: string,
  prefix: KeyPart[],
  accept: (record: StoredResource) => boolean,
  request: PageRequest
): Promise<QueuePage> {
  const { offset, count } = pageOf(request);
  const wanted = offset + count + 1;
  return db.transaction('r', db.resources, async () => {
    const found: StoredResource[] = [];
    for (const priority of PRIORITY_ORDERS_DESCENDING) {
      for (const range of [datedRange, undatedRange]) {
        if (found.length >= wanted) break;
        const rows = await range(db.resources, index, [...prefix, priority])
          .filter(accept)
          .limit(wanted - found.length)
          .toArray();
        found.push(...rows);
      }
    }
    return { items: found.slice(offset, offset + count), hasMore: found.length > offset + count };
  });
}

function datedRange(table: Table<StoredResource, ResourceKey>, index: string, prefix: KeyPart[]) {
  const lower: IndexableType = [...prefix, ''];
  // Dexie.maxKey sorts after every key; its declared type does not fit a compound key.
  const upper = [...prefix, Dexie.maxKey] as IndexableType;
  return table.where(index).between(lower, upper, false, true);
}

function undatedRange(table: Table<StoredResource, ResourceKey>, index: string, prefix: KeyPart[]) {
  const key: IndexableType = [...prefix, ''];
  return table.where(index).equals(key);
}
