import type { OutboxEntry, ResourceKey } from './types';

/**
 * The 'pending' entries of an outbox (in seq order) split in two: those the next sync run sends, and
 * those blocked behind an earlier conflict or failure of the same resource (a resource's entries are
 * sent strictly in order), which cannot move until the user resolves it.
 */
export function splitPending(entries: readonly OutboxEntry[]): { pending: number; blocked: number } {
  const stopped = new Set<ResourceKey>();
  let pending = 0;
  let blocked = 0;
  for (const entry of entries) {
    if (entry.state !== 'pending') stopped.add(entry.key);
    else if (stopped.has(entry.key)) blocked++;
    else pending++;
  }
  return { pending, blocked };
}
