import type { Transaction } from 'dexie';

/** The name of the replica's IndexedDB database. */
export const REPLICA_DATABASE_NAME = 'carequeue';

/**
 * One version of the replica's schema: the Dexie store specs that change in it (a table set to null
 * is dropped) and, when rows must be rewritten, an upgrade that runs inside the version change.
 */
export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (transaction: Transaction) => Promise<unknown> | void;
}

/**
 * The indexes of `resources`. The compound ones end in priorityOrder and dueDate so that a queue is
 * walked in its display order and its first page reads about a page of rows:
 * - [owner+priorityOrder+dueDate]: My Tasks (owner = me) and the role queues (owner = '').
 * - [patientState+owner+priorityOrder+dueDate]: the state queues (unowned tasks of a state).
 * - [owner+status], [patientState+owner]: counts and narrow sets by owner and state.
 * - [resourceType+lastUpdated]: every task (or any type) newest first.
 */
const RESOURCE_INDEXES = [
  'key',
  'resourceType',
  'lastUpdated',
  'owner',
  'status',
  '*performer',
  'patient',
  'patientState',
  'priorityOrder',
  'dueDate',
  'deleted',
  '[owner+status]',
  '[patientState+owner]',
  '[resourceType+lastUpdated]',
  '[owner+priorityOrder+dueDate]',
  '[patientState+owner+priorityOrder+dueDate]',
].join(', ');

/**
 * Every version the app has shipped, oldest first. Never edit a shipped version: add a new one with
 * the changed stores and, if rows need rewriting, an upgrade. Outbox rows must survive every upgrade
 * (they are edits not yet on the server); the replica's tests open version N, write an outbox entry
 * and upgrade to N+1.
 */
export const REPLICA_SCHEMA: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      resources: RESOURCE_INDEXES,
      outbox: '++seq, key, state',
      conflicts: 'seq, key',
      cursors: 'resourceType',
      meta: 'key',
    },
  },
];

/** The table names of the replica, for transactions over all of them. */
export const REPLICA_TABLES = ['resources', 'outbox', 'conflicts', 'cursors', 'meta'] as const;
