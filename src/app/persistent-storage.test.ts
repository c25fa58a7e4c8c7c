import { describe, expect, it, vi } from 'vitest';
import { requestPersistentStorageOnce } from './persistent-storage';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

describe('persistent storage request', () => {
  it('asks once, after the first sign-in, and never again', async () => {
    const persist = vi.fn(async () => true);
    const manager = { persist, persisted: async () => false };
    const remembered = memoryStorage();
    expect(await requestPersistentStorageOnce(manager, remembered)).toBe(true);
    expect(await requestPersistentStorageOnce(manager, remembered)).toBe(false);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask when the storage is already persistent', async () => {
    const persist = vi.fn(async () => true);
    expect(
      await requestPersistentStorageOnce({ persist, persisted: async () => true }, memoryStorage())
    ).toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });
});
