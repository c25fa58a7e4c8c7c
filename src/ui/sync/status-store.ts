import { SIGNED_OUT_STATUS, type ServiceStatus, type SyncServiceApi } from '@/sync/service/types';

const INITIAL: ServiceStatus = SIGNED_OUT_STATUS;

/** The sync service's latest status, as an external store for useSyncExternalStore. */
export class ServiceStatusStore {
  private snapshot: ServiceStatus = INITIAL;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly service: SyncServiceApi) {}

  /** Follows the service's status until the returned function is called. */
  connect(): () => void {
    let closed = false;
    let id: number | undefined;
    void this.service
      .subscribe((status) => this.set(status))
      .then((subscription) => {
        id = subscription;
        if (closed) void this.service.unsubscribe(subscription);
      });
    void this.service.status().then((status) => {
      if (!closed) this.set(status);
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

  private set(status: ServiceStatus): void {
    this.snapshot = status;
    for (const listener of [...this.listeners]) listener();
  }
}
