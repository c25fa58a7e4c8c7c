import { useProfile, useSyncStatus } from '@/ui';
import { useMenuQueues } from '../queues/use-menu-queues';

/**
 * True while the user or her queues are loading: before the replica answered, or while the first
 * sync of an empty replica runs (an offline device with data shows at once).
 */
export function useShellLoading(): boolean {
  const { profile } = useProfile();
  const { queues, loading } = useMenuQueues();
  const { syncing, lastSyncedAt } = useSyncStatus();
  const onlyDefaults = queues.length <= 2;
  return loading || !profile || (onlyDefaults && syncing && !lastSyncedAt);
}
