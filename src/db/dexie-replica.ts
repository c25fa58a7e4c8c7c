import type { Table, Transaction } from 'dexie';
import { ReplicaDatabase, recordsOfType, type MetaRow, type ReplicaDatabaseOptions } from './database';
import { patientsOutside, recordState, storedForm, storedForms, withPatientState } from './derive';
import { ReplicaLifecycle } from './lifecycle';
import { REPLICA_TABLES } from './schema';
import type * as Replica from './types';

type ConflictRecord = Replica.ConflictRecord;
type DefinitionRow = Replica.DefinitionRow;
type OutboxEntry = Replica.OutboxEntry;
type ResourceKey = Replica.ResourceKey;
type StoredResource = Replica.StoredResource;
type SyncCursor = Replica.SyncCursor;

/**
 * The replica in IndexedDB. Every transaction is one read-write IndexedDB transaction over all
 * tables: it commits whole or not at all.
 *
 * The work passed to transaction() must await only the transaction's own methods: IndexedDB commits
 * a transaction as soon as it has no pending request, so awaiting a fetch or a timer inside it would
 * commit the first half and fail the rest.
 */
export class DexieReplicaStore implements Replica.ReplicaStore {
  readonly db: ReplicaDatabase;
  /** Upgrades by other tabs: subscribe to show 'reload' or 'waiting for other tabs'. */
  readonly lifecycle: ReplicaLifecycle;

  constructor(database: ReplicaDatabase | ReplicaDatabaseOptions = {}) {
    this.db = database instanceof ReplicaDatabase ? database : new ReplicaDatabase(database);
    this.lifecycle = new ReplicaLifecycle(this.db);
  }

  /**
   * The replica's tables this database has: a store opened at an older schema version (an upgrade
   * test) lacks the tables added since, and a transaction may only name tables that exist.
   */
  private tables(): string[] {
    const present = new Set(this.db.tables.map((table) => table.name));
    return REPLICA_TABLES.filter((name) => present.has(name));
  }

  async transaction<T>(work: (tx: Replica.ReplicaTransaction) => Promise<T>): Promise<T> {
    return this.db.transaction('rw', this.tables(), (transaction) =>
      work(new DexieReplicaTransaction(transaction))
    );
  }

  async wipe(): Promise<void> {
    const tables = this.tables();
    await this.db.transaction('rw', tables, async (transaction) => {
      await Promise.all(tables.map((name) => transaction.table(name).clear()));
    });
  }

  /** Closes the connection (tests, sign-out before deleting the database). */
  close(): void {
    this.db.close();
  }
}

/** The tables as seen through one transaction, so no call can run outside it. */
class DexieReplicaTransaction implements Replica.ReplicaTransaction {
  private readonly resources: Table<StoredResource, ResourceKey>;
  private readonly outbox: Table<OutboxEntry, number>;
  private readonly conflicts: Table<ConflictRecord, number>;
  private readonly cursors: Table<SyncCursor, string>;
  private readonly meta: Table<MetaRow, string>;

  constructor(private readonly transaction: Transaction) {
    this.resources = transaction.table('resources');
    this.outbox = transaction.table('outbox');
    this.conflicts = transaction.table('conflicts');
    this.cursors = transaction.table('cursors');
    this.meta = transaction.table('meta');
  }

  /** Read when used: a database at a schema version before the table has none. */
  private get definitions(): Table<DefinitionRow, string> {
    return this.transaction.table('definitions');
  }

  getResource(key: ResourceKey) {
    return this.resources.get(key);
  }

  async putResource(record: StoredResource) {
    await this.resources.put(withoutUndefined(await storedForm(record, (key) => this.resources.get(key))));
    if (record.resourceType === 'Patient') {
      const state = recordState(record);
      await this.resources
        .where('patient')
        .equals(record.key)
        .modify((task) => {
          // A task already in that state is not written again.
          if (task.patientState === state) return false;
          withPatientState(task, state);
        });
    }
  }

  getResourcesByKeys(keys: readonly ResourceKey[], options: { mostlyNew?: boolean } = {}) {
    return options.mostlyNew ? heldOfNew(this.resources, keys) : this.resources.bulkGet([...keys]);
  }

  /**
   * A batch in a fixed number of IndexedDB round trips, not a few per record: one read of the
   * patients outside the batch, one read of the held tasks outside the batch that point at a
   * patient in it, one write of the batch, and one more of those tasks whose patient state changed
   * (a batch that holds a patient with its tasks reads none of them back). The index read happens
   * before the write, so it meets only tasks held already: in a first load, hardly any.
   */
  async putResources(records: readonly StoredResource[]) {
    if (records.length === 0) return;
    const outside = patientsOutside(records);
    const found = outside.length > 0 ? await this.resources.bulkGet(outside) : [];
    const held = new Map(outside.map((key, index) => [key, found[index]]));
    const forms = storedForms(records, (key) => held.get(key));
    const patients = forms.filter((form) => form.resourceType === 'Patient');
    const inBatch = new Set(forms.map((form) => form.key));
    const stateOfPatient = new Map(patients.map((patient) => [patient.key, recordState(patient)]));
    // Read before the batch is written, so the index walk meets only what was held already.
    const stateOf = new Map<ResourceKey, string | undefined>();
    if (patients.length > 0) {
      await this.resources
        .where('patient')
        .anyOf([...stateOfPatient.keys()])
        .eachKey((patient, cursor) => {
          const task = cursor.primaryKey as ResourceKey;
          if (!inBatch.has(task)) stateOf.set(task, stateOfPatient.get(patient as ResourceKey));
        });
    }
    await this.resources.bulkPut(forms.map(withoutUndefined));
    if (stateOf.size === 0) return;
    const tasks = await this.resources.bulkGet([...stateOf.keys()]);
    const changed: StoredResource[] = [];
    for (const task of tasks) {
      if (!task) continue;
      const state = stateOf.get(task.key);
      if (task.patientState !== state) changed.push(withoutUndefined(withPatientState(task, state)));
    }
    if (changed.length > 0) await this.resources.bulkPut(changed);
  }

  async removeResource(key: ResourceKey) {
    await this.resources.delete(key);
  }

  tasksOfPatient(patient: ResourceKey) {
    return this.resources.where('patient').equals(patient).toArray();
  }

  async patientsWithTasks() {
    return (await this.resources.orderBy('patient').uniqueKeys()) as ResourceKey[];
  }

  keysOfType(resourceType: string) {
    return recordsOfType(this.resources, resourceType).primaryKeys();
  }

  async addOutbox(entry: OutboxEntry) {
    const { seq: _unset, ...fresh } = entry;
    return this.outbox.add(fresh);
  }

  async putOutbox(entry: OutboxEntry) {
    if (entry.seq === undefined) throw new Error('putOutbox needs an entry with a seq');
    await this.outbox.put(entry);
  }

  async putOutboxEntries(entries: readonly OutboxEntry[]) {
    if (entries.some((entry) => entry.seq === undefined))
      throw new Error('putOutboxEntries needs entries with a seq');
    if (entries.length > 0) await this.outbox.bulkPut([...entries]);
  }

  async removeOutbox(seq: number) {
    await this.outbox.delete(seq);
  }

  async removeOutboxEntries(seqs: readonly number[]) {
    if (seqs.length > 0) await this.outbox.bulkDelete([...seqs]);
  }

  getOutbox(seq: number) {
    return this.outbox.get(seq);
  }

  countOutbox(state: OutboxEntry['state']) {
    return this.outbox.where('state').equals(state).count();
  }

  countConflicts() {
    return this.conflicts.count();
  }

  /** One index read for the whole batch (an empty outbox answers at once). */
  async outboxOfKeys(keys: readonly ResourceKey[]) {
    const byKey = new Map<ResourceKey, OutboxEntry[]>();
    if (keys.length === 0) return byKey;
    const entries = await this.outbox
      .where('key')
      .anyOf([...keys])
      .toArray();
    entries.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    for (const entry of entries) {
      const list = byKey.get(entry.key) ?? [];
      if (list.length === 0) byKey.set(entry.key, list);
      list.push(entry);
    }
    return byKey;
  }

  listOutbox() {
    return this.outbox.orderBy('seq').toArray();
  }

  outboxOf(key: ResourceKey) {
    return this.outbox.where('key').equals(key).sortBy('seq');
  }

  async putConflict(conflict: ConflictRecord) {
    await this.conflicts.put(conflict);
  }

  async removeConflict(seq: number) {
    await this.conflicts.delete(seq);
  }

  listConflicts() {
    return this.conflicts.orderBy('seq').toArray();
  }

  getCursor(resourceType: string) {
    return this.cursors.get(resourceType);
  }

  async putCursor(cursor: SyncCursor) {
    await this.cursors.put(cursor);
  }

  async getMeta<T>(key: string) {
    return (await this.meta.get(key))?.value as T | undefined;
  }

  async putMeta(key: string, value: unknown) {
    await this.meta.put({ key, value });
  }

  async getMetaValues<T>(keys: readonly string[]) {
    if (keys.length === 0) return [];
    return (await this.meta.bulkGet([...keys])).map((row) => row?.value as T | undefined);
  }

  async putMetaValues(rows: readonly (readonly [string, unknown])[]) {
    if (rows.length > 0) await this.meta.bulkPut(rows.map(([key, value]) => ({ key, value })));
  }

  getDefinition(key: string) {
    return this.definitions.get(key);
  }

  async putDefinition(row: DefinitionRow) {
    await this.definitions.put(row);
  }
}

/**
 * The rows of `keys` in their order, undefined where none is held, for keys mostly not held: one walk
 * of the primary key over the keys, which meets only the rows held (a first load asks after
 * thousands of records it does not hold yet, where a get per key costs a request each). Each held
 * row costs a step of the walk, one after another, where gets go out side by side.
 */
async function heldOfNew(
  resources: Table<StoredResource, ResourceKey>,
  keys: readonly ResourceKey[]
): Promise<(StoredResource | undefined)[]> {
  if (keys.length === 0) return [];
  const rows = await resources
    .where(':id')
    .anyOf([...keys])
    .toArray();
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys.map((key) => byKey.get(key));
}

/**
 * The record as a row: top-level properties set to undefined dropped, so a record reads back as it
 * would from memory. A record without changes here shows the server's version as it is, so the row
 * holds that version once for both `resource` and `server` (IndexedDB writes an object reached twice
 * once, and reads it back as one): half the cloning, the bytes and the reading of a copy of each.
 */
function withoutUndefined(record: StoredResource): StoredResource {
  const copy = { ...record } as Record<string, unknown>;
  for (const name of Object.keys(copy)) if (copy[name] === undefined) delete copy[name];
  if (record.pending === 0 && record.deleted === 0 && record.server) copy.resource = record.server;
  return copy as unknown as StoredResource;
}
