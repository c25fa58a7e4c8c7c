import { useProfile, useSyncStatus } from '@/ui';
import { useMenuQueues } from '../queues/use-menu-queues';

/**
 * True while the user or her queues are loading: before the replica answered, or while the first
 * sync of an empty replica has stored nothing yet (an offline device with data shows at once). The
 * first load stores the user's roles with the first rows, so the gate opens then, not when the whole
 * replica is in, whether or not the user has queues beyond the defaults.
 */
export function useShellLoading(): boolean {
  const { profile } = useProfile();
  const { queues, loading } = useMenuQueues();
  const { syncing, lastSyncedAt, firstLoad } = useSyncStatus();
  const onlyDefaults = queues.length <= 2;
  return loading || !profile || (onlyDefaults && syncing && !lastSyncedAt && !firstLoad);
}
