import { Badge, Tooltip } from '@mantine/core';

/** A subtle mark on a task that has changes not yet on the server. */
export function SyncBadge({ pending, size = 'xs' }: { pending: number; size?: 'xs' | 'sm' | 'md' }) {
  if (pending <= 0) return null;
  return (
    <Tooltip label={`${pending} change${pending === 1 ? '' : 's'} waiting to sync`}>
      <Badge size={size} variant="light" color="yellow" radius="sm">
        Waiting to sync
      </Badge>
    </Tooltip>
  );
}
