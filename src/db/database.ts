import Dexie, { type Collection, type Table } from 'dexie';
import { REPLICA_DATABASE_NAME, REPLICA_SCHEMA, type SchemaVersion } from './schema';
import type {
  ConflictRecord,
  DefinitionRow,
  OutboxEntry,
  ResourceKey,
  StoredResource,
  SyncCursor,
} from './types';

/** A row of the meta table: small values such as session tokens and sync bookkeeping. */
export interface MetaRow {
  key: string;
  value: unknown;
}

/**
 * How long a committed write may stay in the operating system's buffers. 'strict' (the default)
 * flushes to disk before the commit is reported, so an edit the UI called done survives a power
 * loss; 'relaxed' is faster and fits bulk test fixtures.
 */
export type ReplicaDurability = 'strict' | 'relaxed' | 'default';

export interface ReplicaDatabaseOptions {
  /** Defaults to 'carequeue'; tests use their own names. */
  name?: string;
  /** Defaults to REPLICA_SCHEMA; tests pass older or newer histories to exercise upgrades. */
  versions?: readonly SchemaVersion[];
  durability?: ReplicaDurability;
}

/** The replica's IndexedDB database. Opens on first use. */
export class ReplicaDatabase extends Dexie {
  declare readonly resources: Table<StoredResource, ResourceKey>;
  declare readonly outbox: Table<OutboxEntry, number>;
  declare readonly conflicts: Table<ConflictRecord, number>;
  declare readonly cursors: Table<SyncCursor, string>;
  declare readonly meta: Table<MetaRow, string>;
  declare readonly definitions: Table<DefinitionRow, string>;

  constructor(options: ReplicaDatabaseOptions = {}) {
    super(options.name ?? REPLICA_DATABASE_NAME, {
      chromeTransactionDurability: options.durability ?? 'strict',
    });
    for (const step of options.versions ?? REPLICA_SCHEMA) {
      const version = this.version(step.version).stores(step.stores);
      if (step.upgrade) version.upgrade(step.upgrade);
    }
  }
}

/**
 * The records of a type, by the primary key's range: a key is `Type/id` and an id has no character
 * above '.', '-', digits and letters, so `Type/` up to `Type/\uffff` holds that type's keys and no
 * other's. The range needs no index of its own, which every record written would add to.
 */
export function recordsOfType(
  resources: Table<StoredResource, ResourceKey>,
  resourceType: string
): Collection<StoredResource, ResourceKey> {
  return resources.where(':id').between(`${resourceType}/`, `${resourceType}/\uffff`, true, true);
}
