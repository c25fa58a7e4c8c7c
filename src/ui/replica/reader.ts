import type {
  ConflictRecord,
  DefinitionRow,
  OutboxEntry,
  ReplicaQueryReader,
  ResourceKey,
  StoredResource,
} from '@/db/types';

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
  record(key: ResourceKey): Promise<StoredResource | undefined>;
  /** Every record of a type, deleted ones included (value sets, practitioner roles). */
  recordsOfType(resourceType: string): Promise<StoredResource[]>;
  outbox(): Promise<OutboxEntry[]>;
  outboxOf(key: ResourceKey): Promise<OutboxEntry[]>;
  conflicts(): Promise<ConflictRecord[]>;
  counts(): Promise<ChangeCounts>;
  /** A value the sync engine keeps in the replica's meta table (the cached SearchParameters). */
  meta<T>(key: string): Promise<T | undefined>;
  /** A definition the console keeps for offline use (a type's schema, a value set expansion). */
  definition(key: string): Promise<DefinitionRow | undefined>;
  /** What the local query engine reads (src/sync/local-query): records by queue fields and by key. */
  readonly search: ReplicaQueryReader;
}
