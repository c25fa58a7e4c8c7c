import type { Resource } from '@medplum/fhirtypes';

/** How far up the timeline a priority lifts an item: stat (pinned) first, then asap, then urgent. */
export const PRIORITY_WEIGHT: Readonly<Record<string, number>> = { stat: 4, asap: 3, urgent: 2 };

/** The priority a pinned comment has, and the one unpinning gives back. */
export const PINNED_PRIORITY = 'stat';
export const UNPINNED_PRIORITY = 'routine';

function priorityOf(resource: Resource): string | undefined {
  return 'priority' in resource && typeof resource.priority === 'string' ? resource.priority : undefined;
}

export function priorityWeight(resource: Resource): number {
  return PRIORITY_WEIGHT[priorityOf(resource) ?? ''] ?? 0;
}

/** Whether an item is pinned to the top of its timeline. */
export function isPinned(resource: Resource): boolean {
  return priorityOf(resource) === PINNED_PRIORITY;
}

/** When an item happened: sent, issued, date or recorded, else when it was last changed. */
export function timelineTime(resource: Resource): string {
  const fields = resource as Partial<Record<'sent' | 'issued' | 'date' | 'recorded' | 'authoredOn', string>>;
  return (
    fields.sent ??
    fields.issued ??
    fields.date ??
    fields.recorded ??
    fields.authoredOn ??
    resource.meta?.lastUpdated ??
    ''
  );
}

/** A timeline's order: by priority weight, then by time, newest first. */
export function compareTimelineItems(a: Resource, b: Resource): number {
  const byWeight = priorityWeight(b) - priorityWeight(a);
  if (byWeight !== 0) return byWeight;
  const timeA = Date.parse(timelineTime(a)) || 0;
  const timeB = Date.parse(timelineTime(b)) || 0;
  return timeB - timeA;
}

export function sortTimeline<T extends Resource>(items: readonly T[]): T[] {
  return [...items].sort(compareTimelineItems);
}

/** The priority an item gets from Pin (when it is not pinned) or Unpin (when it is). */
export function togglePinPriority(resource: Resource): string {
  return isPinned(resource) ? UNPINNED_PRIORITY : PINNED_PRIORITY;
}
