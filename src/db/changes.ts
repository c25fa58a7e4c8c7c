import Dexie from 'dexie';
import type { ReplicaDatabase } from './database';
import type { ResourceKey } from './types';

/** Tables whose changes no screen shows: the pull cursors. */
const UNSHOWN_TABLES = new Set(['cursors']);

/** A node of the key ranges Dexie reports as changed: one key where `from` equals `to`. */
export interface ChangedRanges {
  d?: number;
  from?: unknown;
  to?: unknown;
  l?: ChangedRanges | null;
  r?: ChangedRanges | null;
}

/** The single keys of a change report; undefined when it names a range (a bulk write, a clear). */
export function changedKeys(
  node: ChangedRanges | null | undefined,
  out: ResourceKey[]
): ResourceKey[] | undefined {
  if (!node || !node.d) return out;
  if (typeof node.from !== 'string' || node.from !== node.to) return undefined;
  out.push(node.from);
  return changedKeys(node.l, out) && changedKeys(node.r, out);
}

/** What one committed change of the replica wrote, as far as its report says. */
export interface ReplicaChange {
  /** The shown tables it wrote. */
  tables: ReadonlySet<string>;
  /** The resources it wrote, key by key; undefined when the report names a range (any resource). */
  resourceKeys?: ReadonlySet<ResourceKey>;
}

/**
 * Calls `listener` after every committed change to the replica's shown tables, made in this page,
 * another tab, the sync worker or the service worker (Dexie relays other contexts' commits), with
 * what it wrote; undefined when the report cannot say (then anything may have changed). Returns the
 * unsubscribe function.
 */
export function replicaChanges(
  db: ReplicaDatabase
): (listener: (change: ReplicaChange | undefined) => void) => () => void {
  const prefix = `idb://${db.name}/`;
  const resourcesPart = `${prefix}resources/`;
  return (listener) => {
    const onMutated = (parts: Record<string, unknown> & { all?: unknown }) => {
      if (parts.all) return listener(undefined);
      const tables = new Set<string>();
      for (const part of Object.keys(parts)) {
        if (!part.startsWith(prefix)) continue;
        const table = part.slice(prefix.length).split('/')[0] ?? '';
        if (!UNSHOWN_TABLES.has(table)) tables.add(table);
      }
      if (tables.size === 0) return;
      if (!tables.has('resources')) return listener({ tables });
      // Without the primary key's part (an index's part alone) the report cannot say which resources.
      const primary = parts[resourcesPart] as ChangedRanges | undefined;
      const keys = primary ? changedKeys(primary, []) : undefined;
      listener({ tables, resourceKeys: keys && new Set(keys) });
    };
    Dexie.on('storagemutated', onMutated);
    return () => Dexie.on('storagemutated').unsubscribe(onMutated);
  };
}
