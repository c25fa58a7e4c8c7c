import { Badge, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useSyncStatus } from '../hooks/use-sync-status';
import { ConflictsPanel } from './ConflictsPanel';
import { FirstLoadProgress } from './FirstLoadProgress';

const TOUCH = { minHeight: 44 };

export function pendingText(pending: number): string {
  return pending === 1 ? '1 change waiting to sync' : `${pending} changes waiting to sync`;
}

/**
 * The header's line when changes need the user: each count that is not zero, joined with ' · ' —
 * conflicts, failures, then every other change still waiting (sendable or held back behind them),
 * e.g. '1 failed · 6 waiting'.
 */
function issuesText(counts: { conflicts: number; failed: number; waiting: number }): string {
  const parts: string[] = [];
  if (counts.conflicts > 0)
    parts.push(counts.conflicts === 1 ? '1 conflict' : `${counts.conflicts} conflicts`);
  if (counts.failed > 0) parts.push(`${counts.failed} failed`);
  if (counts.waiting > 0) parts.push(`${counts.waiting} waiting`);
  return parts.join(' · ');
}

/**
 * The header's sync state: 'Online' / 'Offline' always ('Sync stopped' when the sync service never
 * answered); then either how many changes wait to sync
 * ('2 changes waiting to sync') or, when conflicts or failed changes need the user, a button to the
 * conflicts panel that counts them and the changes waiting beside or behind them.
 */
export function SyncStatusIndicator() {
  const status = useSyncStatus();
  const [opened, setOpened] = useState(false);
  const issues = status.conflicts + status.failed;
  const waiting = status.pending + status.blocked;
  return (
    // A polite live region read whole: a screen reader says "Offline, 2 changes waiting to sync" when
    // either part changes, without interrupting the user.
    <Group
      gap="sm"
      wrap="nowrap"
      aria-label="Sync status"
      role="status"
      aria-live="polite"
      aria-atomic="true"
    >
      {/* The connection is read whole at any width: the counts beside it wrap instead. */}
      <Badge
        color={status.online && !status.stopped ? 'green' : 'red'}
        variant={status.online && !status.stopped ? 'light' : 'filled'}
        size="lg"
        style={{ flexShrink: 0 }}
      >
        {status.stopped ? 'Sync stopped' : status.online ? 'Online' : 'Offline'}
      </Badge>
      <FirstLoadProgress />
      {issues === 0 && waiting > 0 && (
        <Text size="sm" c="dimmed" data-testid="pending-changes">
          {pendingText(waiting)}
        </Text>
      )}
      {issues > 0 && (
        <Button color="orange" variant="light" style={TOUCH} onClick={() => setOpened(true)}>
          {issuesText({ conflicts: status.conflicts, failed: status.failed, waiting })}
        </Button>
      )}
      <ConflictsPanel opened={opened} onClose={() => setOpened(false)} />
    </Group>
  );
}
