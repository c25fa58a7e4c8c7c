import { ApiClient } from '../client';
import { SyncEngine } from '../engine/engine';
import type { LockFn } from '../engine/types';
import { systemClock } from '../platform';
import { REFRESH_LOCK_NAME, type SyncServicePlatform, type SyncServiceConfig } from './types';

/**
 * How every context that syncs builds its client and engine: the sync worker's SyncService and the
 * service worker's Background Sync replay alike, so both push with the same code, read the same
 * session tokens (the replica's meta table) and take the same Web Locks.
 */

/** Runs `work` under a named lock where the platform has Web Locks; directly where it has none. */
export function platformLock(platform: SyncServicePlatform): LockFn {
  const locks = platform.locks;
  return (name, work) => (locks ? locks.request(name, work) : work());
}

/** The API client over the platform's token storage; token refreshes take the shared refresh lock. */
export function buildServiceClient(platform: SyncServicePlatform, config: SyncServiceConfig): ApiClient {
  const lock = platformLock(platform);
  return new ApiClient({
    baseUrl: config.baseUrl,
    fhirUrlPath: config.fhirUrlPath,
    clientId: config.clientId,
    fetch: platform.fetch,
    clock: platform.clock,
    storage: platform.storage,
    retryDelayMs: config.retryDelayMs,
    refreshLock: (work) => lock(REFRESH_LOCK_NAME, work),
  });
}

/** The signed-in user's profile reference from the stored session, or undefined when signed out. */
export async function restoreProfile(client: ApiClient): Promise<string | undefined> {
  const state = await client.session.restore();
  return state.status === 'none' ? undefined : state.login.profile?.reference;
}

/** The sync engine of `profile` over the platform's replica, its runs under the shared run lock. */
export function buildEngine(
  platform: SyncServicePlatform,
  client: ApiClient,
  profile: string,
  config: SyncServiceConfig,
  session?: string
): SyncEngine {
  return new SyncEngine({
    client,
    replica: platform.replica,
    clock: platform.clock ?? systemClock,
    lock: platformLock(platform),
    profile: { reference: profile },
    onlineSignal: platform.onlineSignal,
    intervalMs: config.intervalMs,
    signedIn: () => client.session.isSaved(),
    session,
    webSocket: platform.webSocket,
  });
}
