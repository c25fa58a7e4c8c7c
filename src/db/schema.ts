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
const SHIPPED_VERSIONS: readonly SchemaVersion[] = [
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
  {
    // The schema the console reads offline: StructureDefinitions and ValueSet expansions by key.
    version: 2,
    stores: { definitions: 'key' },
  },
];

/** The meta key the rehearsal upgrade writes (when the upgrade ran, ISO instant). */
export const REHEARSAL_META_KEY = 'schemaUpgradeRehearsal';

/**
 * A build-time hook for tests of app updates, off in every real build: when the build is made with
 * VITE_REPLICA_SCHEMA_REHEARSAL=1, one more version is appended after the shipped ones (no store
 * changes; its upgrade writes REHEARSAL_META_KEY), so an end-to-end test can build "the next
 * release" from the same sources and check that queued changes survive a real schema upgrade.
 */
function rehearsalVersion(after: readonly SchemaVersion[]): SchemaVersion[] {
  if (import.meta.env?.VITE_REPLICA_SCHEMA_REHEARSAL !== '1') return [];
  const last = after.at(-1)?.version ?? 0;
  return [
    {
      version: last + 1,
      stores: {},
      upgrade: (transaction) =>
        transaction.table('meta').put({ key: REHEARSAL_META_KEY, value: new Date().toISOString() }),
    },
  ];
}

export const REPLICA_SCHEMA: readonly SchemaVersion[] = [
  ...SHIPPED_VERSIONS,
  ...rehearsalVersion(SHIPPED_VERSIONS),
];

/** The table names of the replica, for transactions over all of them. */
export const REPLICA_TABLES = ['resources', 'outbox', 'conflicts', 'cursors', 'meta', 'definitions'] as const;
