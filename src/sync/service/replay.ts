import { buildEngine, buildServiceClient, restoreProfile } from './construct';
import type { SyncServiceConfig, SyncServicePlatform } from './types';

export { OUTBOX_SYNC_TAG } from './types';

export type ReplayResult =
  | { outcome: 'signed-out' }
  | { outcome: 'offline'; confirmed: number; pending: number }
  | { outcome: 'replayed'; confirmed: number; pending: number; lastError?: string };

/**
 * Sends the outbox once with the sync engine's own push, from a context without a page (the service
 * worker on a Background Sync event): the session tokens come from the replica's meta table, and the
 * run takes the run lock `carequeue-sync`, so it never overlaps a tab's run. An expired session ends
 * quietly (the next sign-in sends the changes); nothing is pulled.
 */
export async function replayOutbox(
  platform: SyncServicePlatform,
  config: SyncServiceConfig
): Promise<ReplayResult> {
  const client = buildServiceClient(platform, config);
  const profile = await restoreProfile(client);
  if (!profile) return { outcome: 'signed-out' };
  let ended = false;
  const stopListening = client.onUnauthenticated(() => (ended = true));
  try {
    const engine = buildEngine(platform, client, profile, config);
    const { confirmed, pending, offline, lastError } = await engine.replay();
    if (ended) return { outcome: 'signed-out' };
    return offline
      ? { outcome: 'offline', confirmed, pending }
      : { outcome: 'replayed', confirmed, pending, lastError };
  } catch (error) {
    if (ended) return { outcome: 'signed-out' };
    throw error;
  } finally {
    stopListening();
  }
}
