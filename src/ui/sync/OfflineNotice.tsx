import { Alert, Button, Group, Text } from '@mantine/core';
import { useSyncStatus } from '../hooks/use-sync-status';

/**
 * The persistent red notice when the sync service never started: nothing is saved or synced until a
 * reload, so it says so in the service's words and offers the reload. Else the notice 'No connection to server' while the client is offline.
 * A banner at the top of the page rather than a toast: a clinician may work offline for an hour, and a
 * toast that never closes would cover the buttons in the bottom-right corner of a tablet's screen.
 */
export function OfflineNotice() {
  const { online, stopped } = useSyncStatus();
  if (stopped)
    return (
      <Alert color="red" variant="filled" role="alert" py={6} mb="sm">
        <Group justify="space-between" gap="sm">
          <Text size="sm" fw={600}>
            {stopped}
          </Text>
          <Button variant="white" color="red" style={{ minHeight: 44 }} onClick={() => location.reload()}>
            Reload
          </Button>
        </Group>
      </Alert>
    );
  if (online) return null;
  return (
    <Alert color="red" variant="filled" role="alert" py={6} mb="sm">
      No connection to server
    </Alert>
  );
}
