import { useProfile, useServiceStatus, type ServiceStatus } from '@/ui';
import { useMenuQueues } from '../queues/use-menu-queues';

/**
 * True while the user or her queues are loading: before the replica answered, or while the first
 * sync of an empty replica has stored nothing yet (an offline device with data shows at once). The
 * first load stores the user's roles with the first rows, so the gate opens then, not when the whole
 * replica is in, whether or not the user has queues beyond the defaults.
 */
/** Nothing stored yet by the first sync: it runs, has not finished a run, and shows no progress. */
const storingNothingYet = (status: ServiceStatus): boolean =>
  status.syncing && !status.lastSyncedAt && !status.loading;

export function useShellLoading(): boolean {
  const { profile } = useProfile();
  const { queues, loading } = useMenuQueues();
  // A value that flips once, not the whole status: the shell is not drawn again on each message.
  const waiting = useServiceStatus(storingNothingYet);
  const onlyDefaults = queues.length <= 2;
  return loading || !profile || (onlyDefaults && waiting);
}
