import { DexieReplicaStore } from '@/db/dexie-replica';
import { metaTableStorage } from '@/db/kv-storage';
import { CHANNEL_NAME, scopedName, type SyncServicePlatform } from './types';

/**
 * The service's surroundings in a browser context (the sync worker, or a page without workers): the
 * replica in IndexedDB, the session tokens in its meta table, Web Locks, a BroadcastChannel to the
 * other tabs, and the context's online/offline events. Locks and the channel are the replica's own
 * (scoped by its database name), so several accounts' replicas sync side by side.
 */
export function browserPlatform(replica = new DexieReplicaStore()): SyncServicePlatform {
  const locks = globalThis.navigator?.locks;
  const database = replica.db.name;
  return {
    replica,
    storage: metaTableStorage(replica.db),
    locks: locks
      ? {
          // The DOM typing wraps the callback's promise in another; the lock resolves with its value.
          request: <T>(name: string, callback: () => Promise<T>) =>
            locks.request(scopedName(name, database), callback) as unknown as Promise<T>,
        }
      : undefined,
    webSocket: typeof WebSocket === 'function' ? WebSocket : undefined,
    openChannel:
      typeof BroadcastChannel === 'function'
        ? () => new BroadcastChannel(scopedName(CHANNEL_NAME, database))
        : undefined,
    onlineSignal: (listener) => {
      const online = () => listener(true);
      const offline = () => listener(false);
      globalThis.addEventListener('online', online);
      globalThis.addEventListener('offline', offline);
      return () => {
        globalThis.removeEventListener('online', online);
        globalThis.removeEventListener('offline', offline);
      };
    },
  };
}
