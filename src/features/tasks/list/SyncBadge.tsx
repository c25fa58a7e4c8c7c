import { Badge } from '@mantine/core';

/**
 * A subtle mark on a task that has changes not yet on the server; hovering it says how many. The
 * count is the element's own title, not a floating tooltip: the mark appears in the same render as
 * the change that caused it (a claim, a pause), and a tooltip's positioning cost that render
 * several milliseconds on a tablet, for a hint a touch screen never shows.
 */
export function SyncBadge({ pending, size = 'xs' }: { pending: number; size?: 'xs' | 'sm' | 'md' }) {
  if (pending <= 0) return null;
  return (
    <Badge
      size={size}
      variant="light"
      color="yellow"
      radius="sm"
      title={`${pending} change${pending === 1 ? '' : 's'} waiting to sync`}
    >
      Waiting to sync
    </Badge>
  );
}
