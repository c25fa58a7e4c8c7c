import Dexie from 'dexie';
import { recordsOfType, type ReplicaDatabase } from './database';
import { changedKeys, type ChangedRanges } from './changes';
import type { ResourceKey, StoredResource } from './types';

/**
 * Every record of a type, kept in the page between searches, so a general search (a filter the
 * queue index cannot answer, the header's global search) reads memory instead of deserialising the
 * whole type from IndexedDB again. Kept current from the replica's change reports (this page, other
 * tabs, the sync worker): a change of a few records re-reads those records at the next use; a bulk
 * change drops the copy. The same objects stay in the copy until they change, so the values the
 * search extracted from them stay cached too.
 */
export class RecordCache {
  private readonly byType = new Map<string, Map<ResourceKey, StoredResource>>();
  private stale = new Set<ResourceKey>();
  /** The re-read of stale records under way, if one is. */
  private refreshing: Promise<void> | undefined;
  /** Bumped by every change report: a read that began before it is not kept. */
  private generation = 0;

  constructor(private readonly db: ReplicaDatabase) {
    const part = `idb://${db.name}/resources/`;
    Dexie.on('storagemutated', (parts) => {
      const changed = parts[part] as ChangedRanges | undefined;
      if (!parts.all && !changed) return;
      this.generation += 1;
      const keys = parts.all ? undefined : changedKeys(changed, []);
      if (keys) keys.forEach((key) => this.stale.add(key));
      else this.clear();
    });
  }

  /** Whether the page has a copy of the type. */
  holds(resourceType: string): boolean {
    return this.byType.has(resourceType);
  }

  /** The live and deleted records of a type, as the replica holds them now. */
  async recordsOfType(resourceType: string): Promise<StoredResource[]> {
    await this.refresh();
    const held = this.byType.get(resourceType);
    if (held) return [...held.values()];
    const started = this.generation;
    const rows = await recordsOfType(this.db.resources, resourceType).toArray();
    if (started === this.generation) this.byType.set(resourceType, new Map(rows.map((r) => [r.key, r])));
    return rows;
  }

  private clear(): void {
    this.byType.clear();
    this.stale = new Set();
  }

  /**
   * Re-reads the records reported changed since the last use. Reads that come while one is under
   * way wait for it: they would otherwise find nothing stale and answer from the copy it is updating.
   */
  private async refresh(): Promise<void> {
    while (this.refreshing) await this.refreshing;
    if (this.stale.size === 0 || this.byType.size === 0) return;
    this.refreshing = this.readStale().finally(() => {
      this.refreshing = undefined;
    });
    await this.refreshing;
  }

  private async readStale(): Promise<void> {
    const keys = [...this.stale];
    this.stale = new Set();
    const started = this.generation;
    const rows = await this.db.resources.bulkGet(keys);
    if (started !== this.generation) {
      // Changed again meanwhile: read those keys again next time.
      keys.forEach((key) => this.stale.add(key));
    }
    keys.forEach((key, i) => {
      const row = rows[i];
      const type = key.slice(0, key.indexOf('/'));
      const held = this.byType.get(type);
      if (!held) return;
      if (row) held.set(key, row);
      else held.delete(key);
    });
  }
}
