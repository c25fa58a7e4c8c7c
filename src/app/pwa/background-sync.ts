import { OUTBOX_SYNC_TAG, scopedName, type ServiceStatus, type SyncServiceApi } from '@/sync/service/types';

/** Background Sync on a registration (not in TypeScript's DOM library). */
interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/**
 * When changes wait and the device is offline (a push failed for want of a network), asks the
 * browser for a Background Sync under 'carequeue-outbox': where it has them, the service worker then
 * replays the outbox when the connection returns, even if every tab was closed. Where it has none,
 * the app sends them on its next start and when it comes back online.
 */
export function requestReplayWhenOffline(
  service: SyncServiceApi,
  registration: Promise<ServiceWorkerRegistration | undefined>,
  database: string
): void {
  let asked: number | undefined;
  const onStatus = (status: ServiceStatus): void => {
    const waiting = status.signedIn && !status.online && status.pending > 0;
    if (!waiting) {
      asked = undefined;
      return;
    }
    // Once per offline spell and again when more changes are queued.
    if (asked === status.pending) return;
    asked = status.pending;
    void registration
      .then(async (found) => {
        const sync = (found as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined)?.sync;
        await sync?.register(scopedName(OUTBOX_SYNC_TAG, database));
      })
      .catch((error: unknown) => console.warn('Background Sync was not registered', error));
  };
  void service.subscribe(onStatus);
}

/** Whether this browser has Background Sync (Chromium-based browsers do). */
export function hasBackgroundSync(): boolean {
  return typeof ServiceWorkerRegistration !== 'undefined' && 'sync' in ServiceWorkerRegistration.prototype;
}
