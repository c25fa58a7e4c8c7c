import { recordState, storedForm, withPatientState } from './derive';
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
  resources: Map<ResourceKey, StoredResource>;
  outbox: Map<number, OutboxEntry>;
  conflicts: Map<number, ConflictRecord>;
  cursors: Map<string, SyncCursor>;
  meta: Map<string, unknown>;
  definitions: Map<string, DefinitionRow>;
  nextSeq: number;
}

const copy = <T>(value: T): T => structuredClone(value);

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

/** What a transaction replaced, to put back if it fails. */
class Journal {
  private readonly undos: (() => void)[] = [];

  constructor(private readonly tables: Tables) {
    const nextSeq = tables.nextSeq;
    this.undos.push(() => (tables.nextSeq = nextSeq));
  }

  /** Call before changing `key` of `table`. */
  remember(table: MapName, key: unknown): void {
    const map = this.tables[table] as Map<unknown, unknown>;
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
    resources: new Map(),
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
    (this.t[table] as Map<K, V>).set(key, value);
  }

  private delete(table: MapName, key: unknown): void {
    this.journal.remember(table, key);
    (this.t[table] as Map<unknown, unknown>).delete(key);
  }

  async getResource(key: ResourceKey) {
    const found = this.t.resources.get(key);
    return found && copy(found);
  }

  async putResource(record: StoredResource) {
    this.set('resources', record.key, await storedForm(copy(record), (key) => this.t.resources.get(key)));
    if (record.resourceType === 'Patient') {
      const state = recordState(record);
      for (const task of [...this.t.resources.values()]) {
        // A copy: the journal keeps the record it replaces.
        if (task.patient === record.key)
          this.set('resources', task.key, withPatientState({ ...task }, state));
      }
    }
  }

  async removeResource(key: ResourceKey) {
    this.delete('resources', key);
  }

  async tasksOfPatient(patient: ResourceKey) {
    return [...this.t.resources.values()].filter((record) => record.patient === patient).map(copy);
  }

  async keysOfType(resourceType: string) {
    const keys: ResourceKey[] = [];
    for (const record of this.t.resources.values()) {
      if (record.resourceType === resourceType) keys.push(record.key);
    }
    return keys;
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

  async removeOutbox(seq: number) {
    this.delete('outbox', seq);
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

  async getDefinition(key: string) {
    const found = this.t.definitions.get(key);
    return found && copy(found);
  }

  async putDefinition(row: DefinitionRow) {
    this.set('definitions', row.key, copy(row));
  }
}
