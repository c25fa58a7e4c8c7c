import { useProfile, useServiceStatus, type ServiceStatus } from '@/ui';
import { useMenuQueues } from '../queues/use-menu-queues';

/**
 * Nothing to show yet from the first sync: it runs, has not finished a run, shows no progress, and
 * no first page of the server's is offered.
 */
const storingNothingYet = (status: ServiceStatus): boolean =>
  status.syncing && !status.lastSyncedAt && !status.loading && !status.firstPages;

/**
 * True while the user is unknown, or while a first sync of an empty replica has nothing to show
 * and her queues are not known: no first page of the server's is offered and no rows are stored
 * yet. The first load stores the user's roles with the first rows, so the gate opens then, not when
 * the whole replica is in. A device with data (even offline) shows at once.
 */
export function useShellLoading(): boolean {
  const { profile } = useProfile();
  const { queues, loading } = useMenuQueues();
  // A value that flips once, not the whole status: the shell is not drawn again on each message.
  const waiting = useServiceStatus(storingNothingYet);
  const onlyDefaults = queues.length <= 2;
  return !profile || (waiting && (loading || onlyDefaults));
}
