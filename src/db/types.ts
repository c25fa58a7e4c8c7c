import type { OperationOutcome, Resource } from '@medplum/fhirtypes';
import type { Operation } from 'fast-json-patch';

/** 'Task/123' */
export type ResourceKey = string;

export const resourceKey = (resourceType: string, id: string): ResourceKey => `${resourceType}/${id}`;

/**
 * One resource of the local replica. `resource` is what the user sees: the server's version with this
 * device's unconfirmed changes applied on top; `server` is the last version the server confirmed.
 */
export interface StoredResource {
  key: ResourceKey;
  resourceType: string;
  id: string;
  resource: Resource;
  /** Undefined for a resource created here and not yet confirmed by the server. */
  server?: Resource;
  /** Outbox entries of this resource not yet confirmed by the server. */
  pending: number;
  /** A delete made here and not yet confirmed: hidden from every list. 1 or 0 (IndexedDB cannot index booleans). */
  deleted: 0 | 1;
  /** meta.lastUpdated of `resource`, '' when unknown. */
  lastUpdated: string;
  // Task queue fields, derived from `resource` (and the patient's address) on every write; unset on other types.
  owner?: string;
  status?: string;
  /** performerType codes */
  performer?: string[];
  /** 'Patient/1' from Task.for */
  patient?: string;
  /** The address state of `patient` as the replica holds it. */
  patientState?: string;
  /** stat 50, asap 40, urgent 30, routine 20, else 10 */
  priorityOrder?: number;
  /** restriction.period.end, '' when none */
  dueDate?: string;
  /** The task queues the record is in, each followed by its rank there (src/db/queue-keys.ts). */
  queue?: string[];
}

export type OutboxKind = 'create' | 'patch' | 'delete';

/**
 * A change made on this device, durable before the UI says it is done, removed only after the server
 * confirmed it. Entries of one resource are sent in `seq` order.
 */
export interface OutboxEntry {
  /** Auto-increment: the order of changes. Unset before the entry is stored. */
  seq?: number;
  key: ResourceKey;
  resourceType: string;
  resourceId: string;
  kind: OutboxKind;
  /** The JSON Patch of a 'patch' entry, without the version test the engine puts first. */
  operations: Operation[];
  /** The whole resource of a 'create' entry; carries the client-made identifier used for If-None-Exist. */
  resource?: Resource;
  /** meta.versionId of the server version the user changed ('patch' and 'delete'). */
  baseVersionId?: string;
  /** True for changes that may be re-based on a newer server version (add a note, append a performer type). */
  commutes: boolean;
  /** What the user did, in the product's words: 'Claim Task', 'Add Note'. */
  label: string;
  /** ISO instant. */
  createdAt: string;
  attempts: number;
  /** Not sent before this time (ms since the epoch): back-off after transient failures. */
  notBefore: number;
  /** pending: waiting or being retried; conflict: the server's version moved; failed: rejected for good. */
  state: 'pending' | 'conflict' | 'failed';
  /** The server's words for a failure or conflict. */
  error?: string;
  /** The server's OperationOutcome for a failure, when it sent one: its issues name the fields refused. */
  outcome?: OperationOutcome;
  /** Bumped whenever the entry is edited, so an upload that read an older revision does not remove it. */
  revision: number;
}

/** A version conflict the user resolves: apply mine again, or keep theirs. */
export interface ConflictRecord {
  /** The outbox entry in conflict. */
  seq: number;
  key: ResourceKey;
  label: string;
  /** The resource as this device wanted it. */
  mine: Resource;
  /** The server's current version (undefined when the server deleted it). */
  theirs?: Resource;
  /**
   * The server version mine was made on, when known: what differs between it and theirs is what the
   * other user changed, which the later changes of the resource are checked against.
   */
  base?: Resource;
  detectedAt: string;
}

/** How far the replica has pulled one resource type. */
export interface SyncCursor {
  resourceType: string;
  /** The server time the next delta starts from (_since / _lastUpdated=gt). */
  since: string;
  /** How the deltas are fetched: type history where the server offers it, else a _lastUpdated search. */
  mode: 'history' | 'search';
}

/**
 * A definition the console keeps for offline use, fetched once from the server: the compacted
 * StructureDefinitions of a type ('schema/Patient') or a ValueSet expansion ('expand/{url}|{filter}').
 */
export interface DefinitionRow {
  key: string;
  value: unknown;
  /** ISO instant of the fetch. */
  fetchedAt: string;
}

/** The tables of the replica, inside one atomic transaction. */
export interface ReplicaTransaction {
  getResource(key: ResourceKey): Promise<StoredResource | undefined>;
  /** Stores the record, deriving its queue fields from `resource`. */
  putResource(record: StoredResource): Promise<void>;
  removeResource(key: ResourceKey): Promise<void>;
  /**
   * The records with these keys, in the keys' order (undefined where none): one read for a batch.
   * `mostlyNew` says most keys are not held yet (a first load's records): the read is then made so
   * that a key not held costs nothing, at some cost for each key that is.
   */
  getResourcesByKeys(
    keys: readonly ResourceKey[],
    options?: { mostlyNew?: boolean }
  ): Promise<(StoredResource | undefined)[]>;
  /**
   * Stores records as putResource stores each in turn, in one write: a task takes its patient's
   * state from the last record of that patient in the batch, else from the replica; tasks held of
   * a patient in the batch get its state.
   */
  putResources(records: readonly StoredResource[]): Promise<void>;
  /** Tasks whose Task.for is this patient (to refresh their patientState). */
  tasksOfPatient(patient: ResourceKey): Promise<StoredResource[]>;
  /** The patients some held record's Task.for names, each once, without reading the records. */
  patientsWithTasks(): Promise<ResourceKey[]>;
  /** The keys of every record of a type, deleted ones included, without reading the records. */
  keysOfType(resourceType: string): Promise<ResourceKey[]>;

  /** Stores a new entry and returns its seq. */
  addOutbox(entry: OutboxEntry): Promise<number>;
  putOutbox(entry: OutboxEntry): Promise<void>;
  /** putOutbox of each entry, in one write. */
  putOutboxEntries(entries: readonly OutboxEntry[]): Promise<void>;
  removeOutbox(seq: number): Promise<void>;
  /** removeOutbox of each seq, in one write. */
  removeOutboxEntries(seqs: readonly number[]): Promise<void>;
  getOutbox(seq: number): Promise<OutboxEntry | undefined>;
  /** All entries, oldest first. */
  listOutbox(): Promise<OutboxEntry[]>;
  /** Entries of one resource, oldest first. */
  outboxOf(key: ResourceKey): Promise<OutboxEntry[]>;
  /** The entries of these resources, oldest first, by key (a key without entries is absent). */
  outboxOfKeys(keys: readonly ResourceKey[]): Promise<Map<ResourceKey, OutboxEntry[]>>;
  /** How many entries are in a state, without reading them (the status shown after every change). */
  countOutbox(state: OutboxEntry['state']): Promise<number>;
  countConflicts(): Promise<number>;

  putConflict(conflict: ConflictRecord): Promise<void>;
  removeConflict(seq: number): Promise<void>;
  listConflicts(): Promise<ConflictRecord[]>;

  getCursor(resourceType: string): Promise<SyncCursor | undefined>;
  putCursor(cursor: SyncCursor): Promise<void>;

  getMeta<T>(key: string): Promise<T | undefined>;
  putMeta(key: string, value: unknown): Promise<void>;
  /** The values of these meta keys, in the keys' order (undefined where none): one read for a batch. */
  getMetaValues<T>(keys: readonly string[]): Promise<(T | undefined)[]>;
  /** putMeta of each [key, value], in one write. */
  putMetaValues(rows: readonly (readonly [string, unknown])[]): Promise<void>;

  getDefinition(key: string): Promise<DefinitionRow | undefined>;
  putDefinition(row: DefinitionRow): Promise<void>;
}

/** The local replica: IndexedDB through Dexie in the app, memory in unit tests. */
export interface ReplicaStore {
  /** Runs `work` atomically over every table: all of it is stored, or none. */
  transaction<T>(work: (tx: ReplicaTransaction) => Promise<T>): Promise<T>;
  /** Removes every resource, outbox entry, conflict, cursor and meta value (sign-out). */
  wipe(): Promise<void>;
}

/** The queue fields of StoredResource that the replica indexes (see src/db/types.ts). */
export type QueueField = 'owner' | 'status' | 'performer' | 'patient' | 'patientState';

/**
 * Records whose field holds one of the values exactly: for `performer`, any of its codes; an unowned
 * Task has owner ''. A record without the field never satisfies a condition.
 */
export interface FieldCondition {
  field: QueueField;
  anyOf: readonly string[];
}

/**
 * What the local query engine reads from the replica. The Dexie replica answers `listResources` with
 * one index (`where(field).anyOf(values)`, multi-entry for performer) and may test the remaining
 * conditions on the records it loaded or leave them to the engine: every answer may be a superset.
 * Deleted records (deleted = 1) may be returned; the engine drops them.
 */
export interface ReplicaQueryReader {
  /** Records of a type satisfying every condition (all records of the type when there are none). */
  listResources(resourceType: string, conditions: readonly FieldCondition[]): Promise<StoredResource[]>;
  /** The records with these keys that exist, in any order. */
  getResources(keys: readonly ResourceKey[]): Promise<StoredResource[]>;
  /** The distinct values a queue field takes across the records of a type (an index's unique keys). */
  distinctValues(resourceType: string, field: QueueField): Promise<string[]>;
  /**
   * One page of the tasks in any of these queues, in queue order, and how many they hold: read in
   * index order, so it costs about a page of rows whatever the replica's size.
   */
  queuePage(read: QueueRead): Promise<QueuePage>;
}

/** A page of one or more task queues (prefixes of the `queue` index, see src/db/queue-keys.ts). */
export interface QueueRead {
  /** Queues no task is in twice (several states; never two roles or two owners). */
  prefixes: readonly string[];
  offset: number;
  count: number;
}

export interface QueuePage {
  records: StoredResource[];
  total: number;
}
