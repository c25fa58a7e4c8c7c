import { Alert } from '@mantine/core';
import { useSyncStatus } from '../hooks/use-sync-status';

/**
 * The persistent red notice 'No connection to server' while the client is offline.
 * A banner at the top of the page rather than a toast: a clinician may work offline for an hour, and a
 * toast that never closes would cover the buttons in the bottom-right corner of a tablet's screen.
 */
export function OfflineNotice() {
  const { online } = useSyncStatus();
  if (online) return null;
  return (
    <Alert color="red" variant="filled" role="alert" py={6} mb="sm">
      No connection to server
    </Alert>
  );
}
