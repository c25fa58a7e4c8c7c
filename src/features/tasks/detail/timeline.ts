import type { Task } from '@medplum/fhirtypes';
import { formatReference, type OutboxEntry } from '@/ui';

export interface TimelineEvent {
  /** ISO instant; '' when unknown. */
  time: string;
  title: string;
  detail?: string;
  /** 'Waiting to sync', 'Conflict', 'Failed' for this device's unconfirmed changes. */
  state?: string;
}

const STATE_TEXT: Record<OutboxEntry['state'], string> = {
  pending: 'Waiting to sync',
  conflict: 'Conflict',
  failed: 'Failed',
};

/**
 * The task's history as this device knows it: its creation, its notes, the last version the server
 * confirmed, and the changes made here not yet confirmed. Newest first.
 */
export function taskTimeline(
  task: Task,
  server: Task | undefined,
  outbox: readonly OutboxEntry[]
): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  if (task.authoredOn)
    events.push({
      time: task.authoredOn,
      title: 'Created',
      detail: formatReference(task.requester) || undefined,
    });
  for (const note of task.note ?? []) {
    if (note.time) events.push({ time: note.time, title: 'Note added', detail: note.text });
  }
  if (server?.meta?.lastUpdated) {
    events.push({
      time: server.meta.lastUpdated,
      title: `Version ${server.meta.versionId ?? ''} on the server`.replace('  ', ' '),
    });
  }
  for (const entry of outbox) {
    events.push({
      time: entry.createdAt,
      title: entry.label,
      state: STATE_TEXT[entry.state],
      detail: entry.error,
    });
  }
  return events.sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
}
