import { cloneJson } from '@/fhir/clone';
import { recordState, storedForm, storedForms, withPatientState } from './derive';
import type {
  ConflictRecord,
  DefinitionRow,
  OutboxEntry,
  ReplicaStore,
  ReplicaTransaction,
  ResourceKey,
  StoredResource,
  SyncCursor,
} from './types';

interface Tables {
  resources: ResourceTable;
  outbox: Map<number, OutboxEntry>;
  conflicts: Map<number, ConflictRecord>;
  cursors: Map<string, SyncCursor>;
  meta: Map<string, unknown>;
  definitions: Map<string, DefinitionRow>;
  nextSeq: number;
}

const copy = <T>(value: T): T => cloneJson(value);

/** Adds `key` to the set under `value`, creating the set. */
function addTo(index: Map<string, Set<ResourceKey>>, value: string, key: ResourceKey): void {
  let keys = index.get(value);
  if (!keys) index.set(value, (keys = new Set()));
  keys.add(key);
}

function removeFrom(index: Map<string, Set<ResourceKey>>, value: string, key: ResourceKey): void {
  const keys = index.get(value);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) index.delete(value);
}

/**
 * The resources table with the two indexes the store reads by, as IndexedDB's `patient` and
 * `resourceType` indexes: a patient's tasks and a type's keys cost what they hold, not a walk over
 * every record. Every write goes through set and delete (the undo journal too), so the indexes
 * always describe the rows.
 */
class ResourceTable {
  private readonly rows = new Map<ResourceKey, StoredResource>();
  private readonly byPatient = new Map<ResourceKey, Set<ResourceKey>>();
  private readonly byType = new Map<string, Set<ResourceKey>>();

  get size(): number {
    return this.rows.size;
  }

  has(key: ResourceKey): boolean {
    return this.rows.has(key);
  }

  get(key: ResourceKey): StoredResource | undefined {
    return this.rows.get(key);
  }

  values(): IterableIterator<StoredResource> {
    return this.rows.values();
  }

  set(key: ResourceKey, record: StoredResource): this {
    this.unindex(key);
    this.rows.set(key, record);
    addTo(this.byType, record.resourceType, key);
    if (record.patient !== undefined) addTo(this.byPatient, record.patient, key);
    return this;
  }

  delete(key: ResourceKey): boolean {
    this.unindex(key);
    return this.rows.delete(key);
  }

  /** The records whose `patient` is this key. */
  ofPatient(patient: ResourceKey): StoredResource[] {
    const found: StoredResource[] = [];
    for (const key of this.byPatient.get(patient) ?? []) {
      const record = this.rows.get(key);
      if (record) found.push(record);
    }
    return found;
  }

  /** The patients some record names, each once. */
  patients(): ResourceKey[] {
    return [...this.byPatient.keys()];
  }

  keysOfType(resourceType: string): ResourceKey[] {
    return [...(this.byType.get(resourceType) ?? [])];
  }

  private unindex(key: ResourceKey): void {
    const old = this.rows.get(key);
    if (!old) return;
    removeFrom(this.byType, old.resourceType, key);
    if (old.patient !== undefined) removeFrom(this.byPatient, old.patient, key);
  }
}

/**
 * The replica in memory, with the same atomicity as IndexedDB: a transaction that throws leaves
 * every table as it was. Writes go straight to the tables and an undo journal remembers what each
 * one replaced, so a transaction costs what it touches, not the size of the replica. For unit tests
 * of the sync engine and for tools; the app uses Dexie.
 */
export class MemoryReplicaStore implements ReplicaStore {
  private tables: Tables = emptyTables();
  private queue: Promise<unknown> = Promise.resolve();

  transaction<T>(work: (tx: ReplicaTransaction) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      const journal = new Journal(this.tables);
      try {
        return await work(new MemoryTransaction(this.tables, journal));
      } catch (error) {
        journal.undo();
        throw error;
      }
    };
    // One transaction at a time, as IndexedDB serialises overlapping read-write transactions.
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Copies of every record, read outside the transaction queue: what a reader sees between
   * transactions (the jsdom stand-in for listing IndexedDB, which reads committed data only).
   */
  records(): StoredResource[] {
    return [...this.tables.resources.values()].map(copy);
  }

  async wipe(): Promise<void> {
    await this.transaction(async () => undefined);
    this.tables = emptyTables();
  }
}

type MapName = 'resources' | 'outbox' | 'conflicts' | 'cursors' | 'meta' | 'definitions';

/** What the journal and the writes use of a table: a Map, or the resources table with its indexes. */
interface KeyedTable {
  has(key: unknown): boolean;
  get(key: unknown): unknown;
  set(key: unknown, value: unknown): unknown;
  delete(key: unknown): boolean;
}

const tableOf = (tables: Tables, name: MapName): KeyedTable => tables[name] as unknown as KeyedTable;

/** What a transaction replaced, to put back if it fails. */
class Journal {
  private readonly undos: (() => void)[] = [];

  constructor(private readonly tables: Tables) {
    const nextSeq = tables.nextSeq;
    this.undos.push(() => (tables.nextSeq = nextSeq));
  }

  /** Call before changing `key` of `table`. */
  remember(table: MapName, key: unknown): void {
    const map = tableOf(this.tables, table);
    const had = map.has(key);
    const previous = map.get(key);
    this.undos.push(() => (had ? map.set(key, previous) : map.delete(key)));
  }

  undo(): void {
    for (const undo of this.undos.reverse()) undo();
  }
}

function emptyTables(): Tables {
  return {
    resources: new ResourceTable(),
    outbox: new Map(),
    conflicts: new Map(),
    cursors: new Map(),
    meta: new Map(),
    definitions: new Map(),
    nextSeq: 1,
  };
}

class MemoryTransaction implements ReplicaTransaction {
  constructor(
    private readonly t: Tables,
    private readonly journal: Journal
  ) {}

  private set<K, V>(table: MapName, key: K, value: V): void {
    this.journal.remember(table, key);
    tableOf(this.t, table).set(key, value);
  }

  private delete(table: MapName, key: unknown): void {
    this.journal.remember(table, key);
    tableOf(this.t, table).delete(key);
  }

  async getResource(key: ResourceKey) {
    const found = this.t.resources.get(key);
    return found && copy(found);
  }

  async putResource(record: StoredResource) {
    this.set('resources', record.key, await storedForm(copy(record), (key) => this.t.resources.get(key)));
    if (record.resourceType === 'Patient') {
      const state = recordState(record);
      for (const task of this.t.resources.ofPatient(record.key)) {
        // A task already in that state keeps its record; others get a copy (the journal keeps the one replaced).
        if (task.patientState !== state)
          this.set('resources', task.key, withPatientState({ ...task }, state));
      }
    }
  }

  async getResourcesByKeys(keys: readonly ResourceKey[], _options?: { mostlyNew?: boolean }) {
    return keys.map((key) => {
      const found = this.t.resources.get(key);
      return found && copy(found);
    });
  }

  /**
   * The batch's stored forms at once (each task's patient state from the batch, else from the
   * table), then the held tasks of the batch's patients whose state changed.
   */
  async putResources(records: readonly StoredResource[]) {
    const forms = storedForms(records.map(copy), (key) => this.t.resources.get(key));
    for (const form of forms) this.set('resources', form.key, form);
    const inBatch = new Set(forms.map((form) => form.key));
    for (const patient of forms) {
      if (patient.resourceType !== 'Patient') continue;
      const state = recordState(patient);
      for (const task of this.t.resources.ofPatient(patient.key)) {
        if (!inBatch.has(task.key) && task.patientState !== state)
          this.set('resources', task.key, withPatientState({ ...task }, state));
      }
    }
  }

  async removeResource(key: ResourceKey) {
    this.delete('resources', key);
  }

  async tasksOfPatient(patient: ResourceKey) {
    return this.t.resources.ofPatient(patient).map(copy);
  }

  async patientsWithTasks() {
    return this.t.resources.patients();
  }

  async keysOfType(resourceType: string) {
    return this.t.resources.keysOfType(resourceType);
  }

  async addOutbox(entry: OutboxEntry) {
    const seq = this.t.nextSeq++;
    this.set('outbox', seq, { ...copy(entry), seq });
    return seq;
  }

  async putOutbox(entry: OutboxEntry) {
    if (entry.seq === undefined) throw new Error('putOutbox needs an entry with a seq');
    this.set('outbox', entry.seq, copy(entry));
  }

  async putOutboxEntries(entries: readonly OutboxEntry[]) {
    for (const entry of entries) await this.putOutbox(entry);
  }

  async removeOutbox(seq: number) {
    this.delete('outbox', seq);
  }

  async removeOutboxEntries(seqs: readonly number[]) {
    for (const seq of seqs) this.delete('outbox', seq);
  }

  async getOutbox(seq: number) {
    const found = this.t.outbox.get(seq);
    return found && copy(found);
  }

  async listOutbox() {
    return [...this.t.outbox.values()].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)).map(copy);
  }

  async outboxOf(key: ResourceKey) {
    // Only the resource's own entries are copied: a resource's read costs its entries, not the outbox.
    const entries: OutboxEntry[] = [];
    for (const entry of this.t.outbox.values()) if (entry.key === key) entries.push(entry);
    return entries.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)).map(copy);
  }

  async outboxOfKeys(keys: readonly ResourceKey[]) {
    const wanted = new Set(keys);
    const byKey = new Map<ResourceKey, OutboxEntry[]>();
    for (const entry of [...this.t.outbox.values()].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
      if (!wanted.has(entry.key)) continue;
      const entries = byKey.get(entry.key) ?? [];
      if (entries.length === 0) byKey.set(entry.key, entries);
      entries.push(copy(entry));
    }
    return byKey;
  }

  async countOutbox(state: OutboxEntry['state']) {
    let count = 0;
    for (const entry of this.t.outbox.values()) if (entry.state === state) count++;
    return count;
  }

  async countConflicts() {
    return this.t.conflicts.size;
  }

  async putConflict(conflict: ConflictRecord) {
    this.set('conflicts', conflict.seq, copy(conflict));
  }

  async removeConflict(seq: number) {
    this.delete('conflicts', seq);
  }

  async listConflicts() {
    return [...this.t.conflicts.values()].sort((a, b) => a.seq - b.seq).map(copy);
  }

  async getCursor(resourceType: string) {
    const found = this.t.cursors.get(resourceType);
    return found && copy(found);
  }

  async putCursor(cursor: SyncCursor) {
    this.set('cursors', cursor.resourceType, copy(cursor));
  }

  async getMeta<T>(key: string) {
    return copy(this.t.meta.get(key)) as T | undefined;
  }

  async putMeta(key: string, value: unknown) {
    this.set('meta', key, copy(value));
  }

  async getMetaValues<T>(keys: readonly string[]) {
    return keys.map((key) => copy(this.t.meta.get(key)) as T | undefined);
  }

  async putMetaValues(rows: readonly (readonly [string, unknown])[]) {
    for (const [key, value] of rows) this.set('meta', key, copy(value));
  }

  async getDefinition(key: string) {
    const found = this.t.definitions.get(key);
    return found && copy(found);
  }

  async putDefinition(row: DefinitionRow) {
    this.set('definitions', row.key, copy(row));
  }
}
