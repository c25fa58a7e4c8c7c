import { Anchor, Badge, Group, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { pageTitle, resourceLabel, usePageTitle } from '@/ui';
import type { ConsoleResourceState } from '../common/use-console-resource';

interface ResourceHeaderProps {
  resourceType: string;
  title: string;
  /** The resource's state, for where it came from and whether it waits to sync. */
  found?: ConsoleResourceState;
  actions?: ReactNode;
  /** The browser's title of the page, when it says more than `title` (the resource's type). */
  documentTitle?: string;
}

/** What people call the resource found (its name, else what its code says), '' until it is found. */
export function foundLabel(found: ConsoleResourceState): string {
  return found.status === 'ready' ? resourceLabel(found.resource) : '';
}

/** The top of every resource page: the way back to the list, the title, its source, its actions. */
export function ResourceHeader({ resourceType, title, found, actions, documentTitle }: ResourceHeaderProps) {
  usePageTitle(documentTitle ?? pageTitle(title));
  return (
    <>
      <Group gap="xs">
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} to="/$resourceType" params={{ resourceType }} />}
        >
          {resourceType}
        </Anchor>
        <Text size="sm" c="dimmed">
          /
        </Text>
      </Group>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1}>{title}</Title>
        <Group gap="xs">
          {found?.status === 'ready' && (
            <>
              {found.pending > 0 && <Badge color="yellow">Waiting to sync</Badge>}
              <Badge variant="light" color={found.source === 'replica' ? 'teal' : 'blue'}>
                {found.source === 'replica' ? 'From this device' : 'From the server'}
              </Badge>
            </>
          )}
          {actions}
        </Group>
      </Group>
    </>
  );
}
