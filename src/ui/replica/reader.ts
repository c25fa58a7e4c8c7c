import type {
  ConflictRecord,
  OutboxEntry,
  ReplicaQueryReader,
  ResourceKey,
  StoredResource,
} from '@/db/types';

/** One of the task queues of the task screens. */
export type QueueRequest =
  /** My Tasks: open tasks owned by the signed-in user. */
  | { queue: 'mine' }
  /** A role queue: unowned open tasks whose performer types include `code`. */
  | { queue: 'role'; code: string }
  /** A state queue: unowned open tasks of patients living in `state` ('NY'). */
  | { queue: 'state'; state: string }
  /** All Tasks on a tab, most recently updated first; both tabs when `tab` is unset. */
  | { queue: 'all'; tab?: 'active' | 'completed' };

export interface PageOptions {
  /** Rows to skip (0 when unset). */
  offset?: number;
  /** Rows per page (20 when unset). */
  count?: number;
}

export interface QueueResult {
  records: StoredResource[];
  /** Rows of the whole queue, not only this page. */
  total: number;
  hasMore: boolean;
}

export interface ChangeCounts {
  /** Outbox entries the next sync sends (not held behind a conflict or failure of their resource). */
  pending: number;
  /** Outbox entries held behind an earlier conflict or failure of their resource. */
  blocked: number;
  conflicts: number;
  /** Changes the server rejected for good. */
  failed: number;
}

/**
 * What the hooks read from the replica. Each read only reads, so a live query re-runs it when its
 * rows change (in any tab).
 */
export interface ReplicaReader {
  queue(request: QueueRequest, owner: string, page: PageOptions): Promise<QueueResult>;
  record(key: ResourceKey): Promise<StoredResource | undefined>;
  /** Every record of a type, deleted ones included (value sets, practitioner roles). */
  recordsOfType(resourceType: string): Promise<StoredResource[]>;
  outbox(): Promise<OutboxEntry[]>;
  outboxOf(key: ResourceKey): Promise<OutboxEntry[]>;
  conflicts(): Promise<ConflictRecord[]>;
  counts(): Promise<ChangeCounts>;
  /** A value the sync engine keeps in the replica's meta table (the cached SearchParameters). */
  meta<T>(key: string): Promise<T | undefined>;
  /** What the local query engine reads (src/sync/local-query): records by queue fields and by key. */
  readonly search: ReplicaQueryReader;
}
