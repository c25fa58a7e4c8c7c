/**
 * What the client needs from its surroundings. Passed in from outside so the same code runs in a
 * page, in a worker and in tests that control the network, the storage and time.
 */

/** The subset of the standard fetch the client uses. */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * A small asynchronous key-value store. A page may back it with localStorage, a worker with
 * IndexedDB, a test with memory.
 */
export interface KeyValueStorage {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

export { systemClock, type Clock } from '@/fhir/clock';

/** Keeps values in memory only; for tests and for sessions that must not persist. */
export class MemoryStorage implements KeyValueStorage {
  private readonly values = new Map<string, string>();

  async get(key: string): Promise<string | null> {
    return this.values.get(key) ?? null;
  }

  async set(key: string, value: string): Promise<void> {
    this.values.set(key, value);
  }

  async remove(key: string): Promise<void> {
    this.values.delete(key);
  }
}

/** The synchronous Web Storage shape (localStorage, sessionStorage). */
export interface WebStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Adapts localStorage or sessionStorage, with every key under a prefix. */
export function webStorage(storage: WebStorageLike, prefix = 'carequeue:'): KeyValueStorage {
  return {
    get: async (key) => storage.getItem(prefix + key),
    set: async (key, value) => storage.setItem(prefix + key, value),
    remove: async (key) => storage.removeItem(prefix + key),
  };
}
