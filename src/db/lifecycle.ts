import type Dexie from 'dexie';

/**
 * What happens to this tab's connection when the app is updated in another tab.
 * - 'outdated': another tab opened a newer schema (or deleted the database); this tab closed its
 *   connection so that tab is not blocked, and must be reloaded to run the new version.
 * - 'waiting-for-other-tabs': this tab's upgrade waits until older tabs close their connections.
 * - 'open': the database is open (again), e.g. after the wait ended.
 */
export type ReplicaLifecycleEvent =
  | { type: 'outdated'; reason: 'upgrade' | 'delete'; message: string }
  | { type: 'waiting-for-other-tabs'; message: string }
  | { type: 'open' };

export type ReplicaLifecycleListener = (event: ReplicaLifecycleEvent) => void;

export const OUTDATED_MESSAGE = 'Another tab updated the app. Reload this tab to continue.';
export const WAITING_MESSAGE = 'Waiting for other CareQueue tabs to close so the app can update.';

/**
 * Watches a Dexie database for schema changes made by other tabs and reports them to listeners.
 * Replaces Dexie's default answer to 'versionchange' (close and reopen on next use) with: close for
 * good, so no write goes into a schema this code does not know, and report 'outdated'.
 */
export class ReplicaLifecycle {
  private readonly listeners = new Set<ReplicaLifecycleListener>();
  private last: ReplicaLifecycleEvent | undefined;

  constructor(db: Dexie) {
    db.on('versionchange', (event: IDBVersionChangeEvent) => {
      db.close({ disableAutoOpen: true });
      const reason = event.newVersion ? 'upgrade' : 'delete';
      this.emit({ type: 'outdated', reason, message: OUTDATED_MESSAGE });
      // Returning false stops Dexie's default handler, which would reopen on the next query.
      return false;
    });
    db.on('blocked', () => this.emit({ type: 'waiting-for-other-tabs', message: WAITING_MESSAGE }));
    db.on('ready', () => this.emit({ type: 'open' }), true);
  }

  /** The latest event, so a listener that subscribes late still learns the current state. */
  get current(): ReplicaLifecycleEvent | undefined {
    return this.last;
  }

  /** Calls `listener` on every event from now on; returns the unsubscribe function. */
  subscribe(listener: ReplicaLifecycleListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: ReplicaLifecycleEvent): void {
    this.last = event;
    for (const listener of this.listeners) listener(event);
  }
}
