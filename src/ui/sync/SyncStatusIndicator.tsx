import { Badge, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useSyncStatus } from '../hooks/use-sync-status';
import { ConflictsPanel } from './ConflictsPanel';
import { FirstLoadProgress } from './FirstLoadProgress';

const TOUCH = { minHeight: 44 };

export function pendingText(pending: number): string {
  return pending === 1 ? '1 change waiting to sync' : `${pending} changes waiting to sync`;
}

function issuesText(conflicts: number, failed: number): string {
  const parts: string[] = [];
  if (conflicts > 0) parts.push(conflicts === 1 ? '1 conflict' : `${conflicts} conflicts`);
  if (failed > 0) parts.push(`${failed} failed`);
  return parts.join(', ');
}

/**
 * The header's sync state: 'Online' / 'Offline' always, how many changes wait to sync, and a button
 * to the conflicts panel when conflicts or failed changes need the user.
 */
export function SyncStatusIndicator() {
  const status = useSyncStatus();
  const [opened, setOpened] = useState(false);
  const issues = status.conflicts + status.failed;
  return (
    <Group gap="sm" wrap="nowrap" aria-label="Sync status" role="status">
      <Badge color={status.online ? 'green' : 'red'} variant={status.online ? 'light' : 'filled'} size="lg">
        {status.online ? 'Online' : 'Offline'}
      </Badge>
      <FirstLoadProgress />
      {status.pending > 0 && (
        <Text size="sm" c="dimmed" data-testid="pending-changes">
          {pendingText(status.pending)}
        </Text>
      )}
      {issues > 0 && (
        <Button color="orange" variant="light" style={TOUCH} onClick={() => setOpened(true)}>
          {issuesText(status.conflicts, status.failed)}
        </Button>
      )}
      <ConflictsPanel opened={opened} onClose={() => setOpened(false)} />
    </Group>
  );
}
