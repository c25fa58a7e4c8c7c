import type { Resource } from '@medplum/fhirtypes';
import type { SeedProject } from '../seed/types';
import type { ProjectSearchEngine, SavedTypeIndex, SearchableStore } from './types';

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One version of one resource. A delete is a version without a resource. */
export interface VersionRecord {
  resourceType: string;
  id: string;
  versionId: string;
  /** ISO instant, equal to resource.meta.lastUpdated when there is a resource. */
  lastUpdated: string;
  method: WriteMethod;
  resource?: Resource;
}

/** A type's search index saved with a snapshot, and the writes to the type it covers. */
export interface SavedSearchIndex {
  resourceType: string;
  /** How many writes to the type (its history) the index covers, and the last of them. */
  versions: number;
  lastId: string;
  lastVersionId: string;
  /** Read when the type is first searched (a loaded snapshot parses it then). */
  readonly index: SavedTypeIndex;
}

export type SearchEngineFactory = (store: SearchableStore) => ProjectSearchEngine;

/**
 * The versioned resources of one project: every version of every resource, a log of all writes in
 * commit order (for type history and snapshots), and the project's search engine, told of each write.
 * Stored versions are frozen: callers clone them to make changes.
 */
export class ProjectStore implements SearchableStore {
  private readonly records = new Map<string, Map<string, VersionRecord[]>>();
  private readonly log: VersionRecord[] = [];
  private readonly typeLogs = new Map<string, VersionRecord[]>();
  private journal: VersionRecord[] | undefined;
  readonly search: ProjectSearchEngine;

  constructor(
    readonly project: SeedProject,
    searchEngineFactory: SearchEngineFactory
  ) {
    this.search = searchEngineFactory(this);
  }

  *resourcesOfType(resourceType: string): Iterable<Resource> {
    const byId = this.records.get(resourceType);
    if (!byId) return;
    for (const versions of byId.values()) {
      const resource = versions[versions.length - 1]?.resource;
      if (resource) yield resource;
    }
  }

  /** The types that have (or had) resources in this project. */
  resourceTypes(): Iterable<string> {
    return this.records.keys();
  }

  get(resourceType: string, id: string): Resource | undefined {
    return this.latest(resourceType, id)?.resource;
  }

  /** The newest version (possibly a delete), or undefined when the resource never existed. */
  latest(resourceType: string, id: string): VersionRecord | undefined {
    const versions = this.records.get(resourceType)?.get(id);
    return versions?.[versions.length - 1];
  }

  /** All versions, oldest first, or undefined when the resource never existed. */
  versions(resourceType: string, id: string): readonly VersionRecord[] | undefined {
    return this.records.get(resourceType)?.get(id);
  }

  /** Every write to a type, oldest first. */
  typeHistory(resourceType: string): readonly VersionRecord[] {
    return this.typeLogs.get(resourceType) ?? [];
  }

  /** Every write to the project, oldest first (what a snapshot saves). */
  allVersions(): readonly VersionRecord[] {
    return this.log;
  }

  /** The version id the next write of this resource gets. */
  nextVersionId(resourceType: string, id: string): string {
    return String((this.versions(resourceType, id)?.length ?? 0) + 1);
  }

  /**
   * The search indexes of the types that have one, as they are now, to save with a snapshot of this
   * store; with `build`, every type with indexed parameters gets one.
   */
  exportSearchIndexes(build = false): SavedSearchIndex[] {
    const saved: SavedSearchIndex[] = [];
    for (const resourceType of this.records.keys()) {
      const index = this.search.exportIndex?.(resourceType, build);
      if (!index) continue;
      const history = this.typeHistory(resourceType);
      const last = history[history.length - 1];
      saved.push({
        resourceType,
        versions: history.length,
        lastId: last?.id ?? '',
        lastVersionId: last?.versionId ?? '',
        index,
      });
    }
    return saved;
  }

  /**
   * Search indexes saved with the snapshot this store was restored from. Each is taken in on its
   * type's first search when the type's history still starts with the writes it covers (the writes
   * after them are indexed again); otherwise, or when it cannot be read, the index is built.
   */
  useSavedSearchIndexes(saved: readonly SavedSearchIndex[]): void {
    const byType = new Map(saved.map((entry) => [entry.resourceType, entry]));
    this.search.useSavedIndexes?.((resourceType) => {
      const entry = byType.get(resourceType);
      if (!entry) return undefined;
      const history = this.typeHistory(resourceType);
      const last = history[entry.versions - 1];
      if (!last || last.id !== entry.lastId || last.versionId !== entry.lastVersionId) return undefined;
      let index: SavedTypeIndex;
      try {
        index = entry.index;
      } catch (error) {
        console.error(`A saved search index of ${resourceType} cannot be read; it is built again`, error);
        byType.delete(resourceType);
        return undefined;
      }
      const changedIds = new Set(history.slice(entry.versions).map((version) => version.id));
      return { index, changedIds };
    });
  }

  /** Appends a version and keeps the search engine current. */
  append(version: VersionRecord): void {
    this.add(version, true);
  }

  /**
   * Restores history into a fresh store, without telling the search engine or a transaction: the
   * store's search indexes are built on each type's first search. It reads no resource, so versions
   * whose resource is parsed on first use (a loaded snapshot's) stay unparsed.
   */
  appendQuietly(version: VersionRecord): void {
    this.add(version, false);
  }

  private add(version: VersionRecord, tell: boolean): void {
    const { resourceType, id } = version;
    let byId = this.records.get(resourceType);
    if (!byId) {
      byId = new Map();
      this.records.set(resourceType, byId);
    }
    let versions = byId.get(id);
    if (!versions) {
      versions = [];
      byId.set(id, versions);
    }
    const previous = versions[versions.length - 1];
    deepFreeze(version);
    versions.push(version);
    this.log.push(version);
    let typeLog = this.typeLogs.get(resourceType);
    if (!typeLog) {
      typeLog = [];
      this.typeLogs.set(resourceType, typeLog);
    }
    typeLog.push(version);
    if (!tell) return;
    this.journal?.push(version);
    this.tellSearch(resourceType, id, previous?.resource, version.resource);
  }

  get inTransaction(): boolean {
    return this.journal !== undefined;
  }

  beginTransaction(): void {
    if (this.journal) throw new Error('A transaction is already open');
    this.journal = [];
  }

  /** Ends the transaction and returns the versions it wrote. */
  commit(): VersionRecord[] {
    const written = this.journal ?? [];
    this.journal = undefined;
    return written;
  }

  /** Removes every version written since beginTransaction, newest first. */
  rollback(): void {
    const written = this.journal ?? [];
    this.journal = undefined;
    for (let i = written.length - 1; i >= 0; i--) {
      const version = written[i] as VersionRecord;
      const { resourceType, id } = version;
      const byId = this.records.get(resourceType);
      const versions = byId?.get(id);
      if (!byId || !versions || versions[versions.length - 1] !== version) {
        throw new Error(`Rollback out of order at ${resourceType}/${id}`);
      }
      versions.pop();
      if (versions.length === 0) byId.delete(id);
      this.log.pop();
      this.typeLogs.get(resourceType)?.pop();
      this.tellSearch(resourceType, id, version.resource, versions[versions.length - 1]?.resource);
    }
  }

  private tellSearch = (
    resourceType: string,
    id: string,
    before: Resource | undefined,
    after: Resource | undefined
  ): void => {
    try {
      this.search.noteWrite(resourceType, id, before, after);
    } catch (error) {
      // The store stays the source of truth; an index that failed to update is logged, not fatal.
      console.error(`Search index update failed for ${resourceType}/${id}`, error);
    }
  };
}

/**
 * Stored versions are immutable: a caller that mutates one by mistake gets an error, not a corrupted
 * store. An object already frozen is taken as frozen throughout (a version whose resource is parsed on
 * first use is frozen by its loader, and freezes the resource when it parses it).
 */
export function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
