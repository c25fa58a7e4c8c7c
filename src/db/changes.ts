import Dexie from 'dexie';
import type { ReplicaDatabase } from './database';

/** Tables whose changes no screen shows: the pull cursors. */
const UNSHOWN_TABLES = new Set(['cursors']);

/**
 * Calls `listener` after every committed change to the replica's shown tables, made in this page,
 * another tab, the sync worker or the service worker (Dexie relays other contexts' commits). Screens
 * read again on each: a change anywhere in a table they read redraws them, whatever index or range
 * the read went through. Returns the unsubscribe function.
 */
export function replicaChanges(db: ReplicaDatabase): (listener: () => void) => () => void {
  const prefix = `idb://${db.name}/`;
  return (listener) => {
    const onMutated = (parts: Record<string, unknown> & { all?: unknown }) => {
      const touched =
        !!parts.all ||
        Object.keys(parts).some((part) => {
          if (!part.startsWith(prefix)) return false;
          const table = part.slice(prefix.length).split('/')[0] ?? '';
          return !UNSHOWN_TABLES.has(table);
        });
      if (touched) listener();
    };
    Dexie.on('storagemutated', onMutated);
    return () => Dexie.on('storagemutated').unsubscribe(onMutated);
  };
}
