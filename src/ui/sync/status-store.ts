import type { FirstPagePreview } from '@/sync/engine/types';
import { SIGNED_OUT_STATUS, type ServiceStatus, type SyncServiceApi } from '@/sync/service/types';

const INITIAL: ServiceStatus = SIGNED_OUT_STATUS;

/** The sync service's latest status, as an external store for useSyncExternalStore. */
export class ServiceStatusStore {
  private latest: ServiceStatus = INITIAL;
  private snapshot: ServiceStatus = INITIAL;
  /** First pages the page read itself at sign-in, offered until the service's load stores its own. */
  private pagesReadHere: FirstPagePreview[] | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly service: SyncServiceApi) {}

  /** Follows the service's status until the returned function is called. */
  connect(): () => void {
    let closed = false;
    let id: number | undefined;
    // A service that never started answers neither: the status then says it stopped, in the words
    // each change made meanwhile fails with where it was made.
    void this.service
      .subscribe((status) => this.set(status))
      .then((subscription) => {
        id = subscription;
        if (closed) void this.service.unsubscribe(subscription);
      })
      .catch(() => undefined);
    void this.service
      .status()
      .then((status) => {
        if (!closed) this.set(status);
      })
      .catch((error: unknown) => {
        if (!closed) this.set({ ...this.latest, stopped: reason(error) });
      });
    return () => {
      closed = true;
      if (id !== undefined) void this.service.unsubscribe(id);
    };
  }

  getSnapshot = (): ServiceStatus => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Offers first pages this page read itself (a sign-in's opening screens) as the status's own,
   * while the service offers none: until its first load has stored rows or finished a run
   * (undefined withdraws them: the session ended).
   */
  offerFirstPages(pages: FirstPagePreview[] | undefined): void {
    this.pagesReadHere = pages;
    this.set(this.latest);
  }

  private set(status: ServiceStatus): void {
    this.latest = status;
    if (status.loading || status.lastSyncedAt) this.pagesReadHere = undefined;
    const offered = status.firstPages ?? this.pagesReadHere;
    this.snapshot = offered === status.firstPages ? status : { ...status, firstPages: offered };
    for (const listener of [...this.listeners]) listener();
  }
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));
