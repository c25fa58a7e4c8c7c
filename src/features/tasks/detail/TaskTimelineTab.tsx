import { Badge, Group, Text, Timeline } from '@mantine/core';
import type { Task } from '@medplum/fhirtypes';
import { resourceKey } from '@/ui';
import { useOutboxOf } from '../data/hooks';
import { formatDateTime } from '@/ui';
import { taskTimeline } from './timeline';

/** The task's versions and changes as known on this device. */
export function TaskTimelineTab({ task, server }: { task: Task; server: Task | undefined }) {
  const outbox = useOutboxOf(resourceKey('Task', task.id ?? ''));
  const events = taskTimeline(task, server, outbox);
  if (events.length === 0) return <Text c="dimmed">No history on this device</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} active={events.length}>
      {events.map((event, index) => (
        <Timeline.Item
          key={`${event.time}-${index}`}
          title={
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {event.title}
              </Text>
              {event.state && (
                <Badge size="xs" variant="light" color={event.state === 'Waiting to sync' ? 'yellow' : 'red'}>
                  {event.state}
                </Badge>
              )}
            </Group>
          }
        >
          <Text size="xs" c="dimmed">
            {formatDateTime(event.time)}
          </Text>
          {event.detail && (
            <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
              {event.detail}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
