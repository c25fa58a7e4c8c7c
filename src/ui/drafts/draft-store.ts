import type { KeyValueStorage } from '@/sync/platform';

/** Keys of drafts in the device's key-value storage start with this. */
export const DRAFT_PREFIX = 'draft:';

/** How long typing pauses before the input is kept: one write per pause, not one per key. */
export const DRAFT_DELAY_MS = 400;

/** What is stored: the form's own value and when it was kept. */
interface StoredDraft<T> {
  value: T;
  keptAt: string;
}

/**
 * The unsent input of forms, kept on this device per signed-in user and per form instance. In a
 * browser the storage is the replica's meta table, so signing out (which wipes the replica) wipes
 * the drafts too. Writes run one after another, so a removal is never overtaken by an older write.
 */
export class DraftStore {
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly storage: KeyValueStorage) {}

  /** The storage key of a form's draft: the user, then the form ('edit:Patient/123', 'new-task'). */
  static key(profile: string, form: string): string {
    return `${DRAFT_PREFIX}${profile}|${form}`;
  }

  /** The kept value, or undefined when there is none (or it cannot be read back). */
  async read<T>(key: string): Promise<T | undefined> {
    await this.last.catch(() => undefined);
    const text = await this.storage.get(key);
    if (text === null) return undefined;
    try {
      return (JSON.parse(text) as StoredDraft<T>).value;
    } catch {
      return undefined;
    }
  }

  write<T>(key: string, value: T): Promise<void> {
    const text = JSON.stringify({ value, keptAt: new Date().toISOString() } satisfies StoredDraft<T>);
    return this.after(() => this.storage.set(key, text));
  }

  remove(key: string): Promise<void> {
    return this.after(() => this.storage.remove(key));
  }

  private after(work: () => Promise<void>): Promise<void> {
    const run = this.last.catch(() => undefined).then(work);
    this.last = run;
    return run;
  }
}

const stores = new WeakMap<KeyValueStorage, DraftStore>();

/** The one draft store of a storage, so the writes of every form share one order. */
export function draftStoreOf(storage: KeyValueStorage): DraftStore {
  let store = stores.get(storage);
  if (!store) {
    store = new DraftStore(storage);
    stores.set(storage, store);
  }
  return store;
}
