import { useEffect } from 'react';

const ASKED_KEY = 'carequeue:persistentStorageRequested';

/**
 * Asks the browser once, after the first sign-in, to keep the replica's storage (it holds edits not
 * yet on the server): navigator.storage.persist(). Remembered in localStorage, which sign-out keeps.
 */
export function usePersistentStorageRequest(): void {
  useEffect(() => {
    void requestPersistentStorageOnce(globalThis.navigator?.storage, globalThis.localStorage);
  }, []);
}

export async function requestPersistentStorageOnce(
  storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined,
  remembered: Pick<Storage, 'getItem' | 'setItem'> | undefined
): Promise<boolean> {
  if (!storage?.persist || !remembered || remembered.getItem(ASKED_KEY)) return false;
  remembered.setItem(ASKED_KEY, new Date().toISOString());
  if (await storage.persisted?.().catch(() => false)) return true;
  return storage.persist().catch(() => false);
}
