import { DexieReplicaStore } from '@/db/dexie-replica';
import { metaTableStorage } from '@/db/kv-storage';
import { CHANNEL_NAME, type SyncServicePlatform } from './types';

/**
 * The service's surroundings in a browser context (the sync worker, or a page without workers): the
 * replica in IndexedDB, the session tokens in its meta table, Web Locks, a BroadcastChannel to the
 * other tabs, and the context's online/offline events.
 */
export function browserPlatform(replica = new DexieReplicaStore()): SyncServicePlatform {
  const locks = globalThis.navigator?.locks;
  return {
    replica,
    storage: metaTableStorage(replica.db),
    locks: locks
      ? {
          // The DOM typing wraps the callback's promise in another; the lock resolves with its value.
          request: <T>(name: string, callback: () => Promise<T>) =>
            locks.request(name, callback) as unknown as Promise<T>,
        }
      : undefined,
    webSocket: typeof WebSocket === 'function' ? WebSocket : undefined,
    openChannel:
      typeof BroadcastChannel === 'function' ? () => new BroadcastChannel(CHANNEL_NAME) : undefined,
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
