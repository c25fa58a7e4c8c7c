import { Alert, Anchor, Badge, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import type { DiagnosticReport, Resource } from '@medplum/fhirtypes';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { ReportTab } from '../report/ReportTab';
import { isResourceType } from '../resource-types';
import { UnknownResourceType } from '../UnknownResourceType';
import { HistoryTab } from './HistoryTab';
import { ResourceTree } from './ResourceTree';
import { resourceTabs, tabLabel } from './tabs';
import { TimelineTab } from './TimelineTab';
import { useConsoleResource } from './use-console-resource';

interface ResourcePageProps {
  resourceType: string;
  id: string;
  tab: string;
}

/** /{resourceType}/{id}/{tab}: one resource of any type, its tab in the URL. */
export function ResourcePage({ resourceType, id, tab }: ResourcePageProps) {
  if (!isResourceType(resourceType)) return <UnknownResourceType resourceType={resourceType} />;
  const tabs = resourceTabs(resourceType);
  if (!tabs.includes(tab)) {
    return (
      <Navigate
        to="/$resourceType/$id/$tab"
        params={{ resourceType, id, tab: tabs[0] ?? 'details' }}
        replace
      />
    );
  }
  return <KnownResource resourceType={resourceType} id={id} tab={tab} tabs={tabs} />;
}

function KnownResource({ resourceType, id, tab, tabs }: ResourcePageProps & { tabs: string[] }) {
  const navigate = useNavigate();
  const found = useConsoleResource(resourceType, id);
  return (
    <Stack gap="sm">
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
      <Group justify="space-between" wrap="nowrap">
        <Title order={1}>{`${resourceType}/${id}`}</Title>
        {found.status === 'ready' && (
          <Group gap="xs">
            {found.pending > 0 && <Badge color="yellow">Waiting to sync</Badge>}
            <Badge variant="light" color={found.source === 'replica' ? 'teal' : 'blue'}>
              {found.source === 'replica' ? 'From this device' : 'From the server'}
            </Badge>
          </Group>
        )}
      </Group>
      <Tabs
        value={tab}
        onChange={(next) =>
          next && void navigate({ to: '/$resourceType/$id/$tab', params: { resourceType, id, tab: next } })
        }
      >
        <Tabs.List>
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name} mih={44}>
              {tabLabel(name)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ResourceBody found={found} tab={tab} resourceType={resourceType} id={id} />
    </Stack>
  );
}

function ResourceBody({
  found,
  tab,
  resourceType,
  id,
}: {
  found: ReturnType<typeof useConsoleResource>;
  tab: string;
  resourceType: string;
  id: string;
}) {
  if (tab === 'history') return <HistoryTab resourceType={resourceType} id={id} />;
  switch (found.status) {
    case 'loading':
      return (
        <Center py="xl">
          <Loader aria-label="Loading resource" />
        </Center>
      );
    case 'not-found':
      return <Alert color="gray" title="Not found">{`No ${resourceType} with id ${id}.`}</Alert>;
    case 'offline':
      return (
        <Alert color="orange" title="Not available offline">
          This device does not keep this resource, and the server cannot be reached.
        </Alert>
      );
    case 'error':
      return (
        <Alert color="red" title="Could not load the resource">
          {found.message}
        </Alert>
      );
    case 'ready':
      return <ReadyTab resource={found.resource} tab={tab} />;
  }
}

function ReadyTab({ resource, tab }: { resource: Resource; tab: string }) {
  if (tab === 'report' && resource.resourceType === 'DiagnosticReport') {
    return <ReportTab report={resource as DiagnosticReport} />;
  }
  if (tab === 'timeline') return <TimelineTab resource={resource} />;
  return <ResourceTree resource={resource} />;
}
