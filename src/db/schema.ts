import type { Transaction } from 'dexie';
import { withQueueKeys } from './queue-keys';
import type { StoredResource } from './types';

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

/** The indexes of `resources` in version 1 (shipped; never edit). */
const RESOURCE_INDEXES_V1 = [
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
];

/**
 * Version 2 adds `*queue`: each task's entries per queue, prefix then rank (src/db/queue-keys.ts),
 * so a queue page is read in display order and its size counted from the index alone. It drops the
 * compound queue indexes of version 1, which could not give the queues' order (priority descending,
 * due date ascending); the single-field indexes stay to narrow general searches.
 */
const DROPPED_IN_V2 = new Set([
  '[owner+status]',
  '[patientState+owner]',
  '[owner+priorityOrder+dueDate]',
  '[patientState+owner+priorityOrder+dueDate]',
]);
const RESOURCE_INDEXES_V2 = [...RESOURCE_INDEXES_V1.filter((index) => !DROPPED_IN_V2.has(index)), '*queue'];

/**
 * Version 4 drops the indexes no read uses (the local query engine narrows by the queue fields and
 * the queue entries) and the type's (a type's records are a range of the primary key, `Type/id`):
 * each index is one more entry written per record, and a first load writes thousands of records.
 */
const UNREAD_SINCE_V4 = new Set([
  'resourceType',
  'lastUpdated',
  'priorityOrder',
  'dueDate',
  'deleted',
  '[resourceType+lastUpdated]',
]);
const RESOURCE_INDEXES_V4 = RESOURCE_INDEXES_V2.filter((index) => !UNREAD_SINCE_V4.has(index));

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
      resources: RESOURCE_INDEXES_V1.join(', '),
      outbox: '++seq, key, state',
      conflicts: 'seq, key',
      cursors: 'resourceType',
      meta: 'key',
    },
  },
  {
    version: 2,
    stores: { resources: RESOURCE_INDEXES_V2.join(', ') },
    // Every stored record gets its queue entries; the outbox and everything else stay as they are.
    upgrade: (transaction) =>
      transaction
        .table<StoredResource>('resources')
        .toCollection()
        .modify((record) => {
          withQueueKeys(record);
        }),
  },
  {
    // The schema the console reads offline: StructureDefinitions and ValueSet expansions by key.
    version: 3,
    stores: { definitions: 'key' },
  },
  {
    version: 4,
    stores: { resources: RESOURCE_INDEXES_V4.join(', ') },
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
