import { deriveFields, patientStateOf } from './derive';
import type {
  ConflictRecord,
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
  nextSeq: number;
}

const copy = <T>(value: T): T => structuredClone(value);

/**
 * The replica in memory, with the same atomicity as IndexedDB: a transaction that throws leaves
 * every table as it was. For unit tests of the sync engine and for tools; the app uses Dexie.
 */
export class MemoryReplicaStore implements ReplicaStore {
  private tables: Tables = emptyTables();
  private queue: Promise<unknown> = Promise.resolve();

  transaction<T>(work: (tx: ReplicaTransaction) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      const draft = copy(this.tables);
      const result = await work(new MemoryTransaction(draft));
      this.tables = draft;
      return result;
    };
    // One transaction at a time, as IndexedDB serialises overlapping read-write transactions.
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  async wipe(): Promise<void> {
    await this.transaction(async () => undefined);
    this.tables = emptyTables();
  }
}

function emptyTables(): Tables {
  return {
    resources: new Map(),
    outbox: new Map(),
    conflicts: new Map(),
    cursors: new Map(),
    meta: new Map(),
    nextSeq: 1,
  };
}

class MemoryTransaction implements ReplicaTransaction {
  constructor(private readonly t: Tables) {}

  async getResource(key: ResourceKey) {
    const found = this.t.resources.get(key);
    return found && copy(found);
  }

  async putResource(record: StoredResource) {
    const derived: StoredResource = { ...copy(record), ...deriveFields(record.resource) };
    // Cleared when the record names no patient, so a task moved off a patient leaves its state queue.
    derived.patientState = derived.patient
      ? patientStateOf(this.t.resources.get(derived.patient)?.resource)
      : undefined;
    this.t.resources.set(record.key, derived);
    if (record.resourceType === 'Patient') {
      const state = patientStateOf(record.resource);
      for (const task of this.t.resources.values()) {
        if (task.patient === record.key) task.patientState = state;
      }
    }
  }

  async removeResource(key: ResourceKey) {
    this.t.resources.delete(key);
  }

  async tasksOfPatient(patient: ResourceKey) {
    return [...this.t.resources.values()].filter((record) => record.patient === patient).map(copy);
  }

  async addOutbox(entry: OutboxEntry) {
    const seq = this.t.nextSeq++;
    this.t.outbox.set(seq, { ...copy(entry), seq });
    return seq;
  }

  async putOutbox(entry: OutboxEntry) {
    if (entry.seq === undefined) throw new Error('putOutbox needs an entry with a seq');
    this.t.outbox.set(entry.seq, copy(entry));
  }

  async removeOutbox(seq: number) {
    this.t.outbox.delete(seq);
  }

  async getOutbox(seq: number) {
    const found = this.t.outbox.get(seq);
    return found && copy(found);
  }

  async listOutbox() {
    return [...this.t.outbox.values()].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)).map(copy);
  }

  async outboxOf(key: ResourceKey) {
    return (await this.listOutbox()).filter((entry) => entry.key === key);
  }

  async putConflict(conflict: ConflictRecord) {
    this.t.conflicts.set(conflict.seq, copy(conflict));
  }

  async removeConflict(seq: number) {
    this.t.conflicts.delete(seq);
  }

  async listConflicts() {
    return [...this.t.conflicts.values()].sort((a, b) => a.seq - b.seq).map(copy);
  }

  async getCursor(resourceType: string) {
    const found = this.t.cursors.get(resourceType);
    return found && copy(found);
  }

  async putCursor(cursor: SyncCursor) {
    this.t.cursors.set(cursor.resourceType, copy(cursor));
  }

  async getMeta<T>(key: string) {
    return copy(this.t.meta.get(key)) as T | undefined;
  }

  async putMeta(key: string, value: unknown) {
    this.t.meta.set(key, copy(value));
  }
}
