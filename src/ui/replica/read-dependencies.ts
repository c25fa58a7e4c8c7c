import type { ReplicaChange } from '@/db/changes';
import type { ResourceKey } from '@/db/types';
import type { ReplicaReader } from './reader';

const typeOf = (key: ResourceKey): string => key.slice(0, key.indexOf('/'));

/**
 * What one run of a read went through: the tables, and in `resources` the types it listed and the
 * keys it read. A committed change that wrote none of them cannot change the read's answer.
 */
export class ReadDependencies {
  private readonly tables = new Set<string>();
  private readonly types = new Set<string>();
  private readonly keys = new Set<ResourceKey>();

  table(name: string): void {
    this.tables.add(name);
  }

  type(resourceType: string): void {
    this.tables.add('resources');
    this.types.add(resourceType);
  }

  key(key: ResourceKey): void {
    this.tables.add('resources');
    this.keys.add(key);
  }

  /** Whether `change` may have changed the answer; a change the report could not describe may have. */
  affectedBy(change: ReplicaChange | undefined): boolean {
    if (!change) return true;
    for (const table of change.tables) {
      if (!this.tables.has(table)) continue;
      if (table !== 'resources' || !change.resourceKeys) return true;
      for (const key of change.resourceKeys)
        if (this.keys.has(key) || this.types.has(typeOf(key))) return true;
    }
    return false;
  }
}

/** `reader`, noting in `dependencies` everything each call reads. */
export function trackedReader(reader: ReplicaReader, dependencies: ReadDependencies): ReplicaReader {
  const { search } = reader;
  const outbox = () => {
    dependencies.table('outbox');
    dependencies.table('conflicts');
  };
  return {
    record(key) {
      dependencies.key(key);
      return reader.record(key);
    },
    recordsOfType(resourceType) {
      dependencies.type(resourceType);
      return reader.recordsOfType(resourceType);
    },
    outbox() {
      outbox();
      return reader.outbox();
    },
    outboxOf(key) {
      outbox();
      return reader.outboxOf(key);
    },
    conflicts() {
      dependencies.table('conflicts');
      return reader.conflicts();
    },
    counts() {
      outbox();
      return reader.counts();
    },
    meta(key) {
      dependencies.table('meta');
      return reader.meta(key);
    },
    definition(key) {
      dependencies.table('definitions');
      return reader.definition(key);
    },
    search: {
      listResources(resourceType, conditions) {
        dependencies.type(resourceType);
        return search.listResources(resourceType, conditions);
      },
      getResources(keys) {
        keys.forEach((key) => dependencies.key(key));
        return search.getResources(keys);
      },
      distinctValues(resourceType, field) {
        dependencies.type(resourceType);
        return search.distinctValues(resourceType, field);
      },
      queuePage(read) {
        // Queue pages hold tasks; a patient's new state is written into its tasks' records.
        dependencies.type('Task');
        return search.queuePage(read);
      },
    },
  };
}
