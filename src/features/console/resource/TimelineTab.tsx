import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { Link } from '@tanstack/react-router';
import { formatCodeableConcept, formatDateTime } from '@/ui';
import { ServerStateNotice } from './ServerStateNotice';
import { useHistory } from './use-history';
import { useRelatedTasks } from './use-related-tasks';

/**
 * The Timeline tab: the resource's versions (from the server) and the tasks about it (from this
 * device), newest first. Offline it still lists the tasks and the version held here.
 */
export function TimelineTab({ resource }: { resource: Resource }) {
  const resourceType = resource.resourceType;
  const id = resource.id ?? '';
  const history = useHistory(resourceType, id);
  const tasks = useRelatedTasks(resourceType, id) ?? [];
  const versions =
    history.status === 'ready'
      ? history.data
      : [{ versionId: resource.meta?.versionId ?? '', date: resource.meta?.lastUpdated ?? '', author: '' }];
  const items = [
    ...versions.map((version) => ({
      date: version.date,
      key: `version-${version.versionId}`,
      content: (
        <Group gap="xs">
          <Badge variant="light">Version</Badge>
          <Anchor
            renderRoot={(props) => (
              <Link
                {...props}
                to="/$resourceType/$id/_history/$versionId"
                params={{ resourceType, id, versionId: version.versionId }}
              />
            )}
          >
            {`Version ${version.versionId}`}
          </Anchor>
          {version.author && <Text size="sm">by {version.author}</Text>}
        </Group>
      ),
    })),
    ...tasks.map((task) => ({
      date: task.meta?.lastUpdated ?? '',
      key: `task-${task.id ?? ''}`,
      content: (
        <Group gap="xs">
          <Badge variant="light" color="grape">
            Task
          </Badge>
          <Anchor
            renderRoot={(props) => (
              <Link {...props} to="/Task/$id/$tab" params={{ id: task.id ?? '', tab: 'details' }} />
            )}
          >
            {formatCodeableConcept(task.code) || `Task ${task.id ?? ''}`}
          </Anchor>
          <Text size="sm" c="dimmed">
            {task.status}
          </Text>
        </Group>
      ),
    })),
  ].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <Stack gap="xs" aria-label="Timeline">
      {history.status !== 'ready' && <ServerStateNotice state={history} what="version history" />}
      {items.map((item) => (
        <Card key={item.key} withBorder padding="sm">
          <Group justify="space-between" wrap="nowrap">
            {item.content}
            <Text size="xs" c="dimmed">
              {formatDateTime(item.date)}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
