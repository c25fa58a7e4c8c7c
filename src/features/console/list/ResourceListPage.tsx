import { Alert, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import { ListPager, pageOffset, pageSearch, pageSize, withOffset } from '@/ui';
import { isResourceType } from '../resource-types';
import { UnknownResourceType } from '../UnknownResourceType';
import { DEFAULT_SORT, defaultFields, resourceColumns } from './columns';
import { ExportButton } from './ExportButton';
import { ResourceTable } from './ResourceTable';
import { useResourceList } from './use-resource-list';

/** /{resourceType}: a list of any resource type, its search (filters, sort, page, fields) in the URL. */
export function ResourceListPage({ resourceType }: { resourceType: string }) {
  if (!isResourceType(resourceType)) return <UnknownResourceType resourceType={resourceType} />;
  return <KnownResourceList resourceType={resourceType} />;
}

function KnownResourceList({ resourceType }: { resourceType: string }) {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const params = useMemo(() => new URLSearchParams(searchStr), [searchStr]);
  const navigate = useNavigate();
  const query = pageSearch(params, DEFAULT_SORT).toString();
  const found = useResourceList(resourceType, query);
  const fields = params.get('_fields')?.split(',').filter(Boolean) ?? defaultFields(resourceType);
  const columns = resourceColumns(fields);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1}>{resourceType}</Title>
        <Group gap="xs" align="flex-start">
          {found.status === 'ready' && (
            <Badge variant="light" color={found.source === 'replica' ? 'teal' : 'blue'}>
              {found.source === 'replica' ? 'From this device' : 'From the server'}
            </Badge>
          )}
          <Button
            variant="default"
            mih={44}
            renderRoot={(props) => <Link {...props} to="/$resourceType/new" params={{ resourceType }} />}
          >
            New...
          </Button>
          <ExportButton resourceType={resourceType} />
        </Group>
      </Group>
      {found.status === 'loading' ? (
        <Center py="xl">
          <Loader aria-label={`Loading ${resourceType}`} />
        </Center>
      ) : found.status === 'offline' ? (
        <Alert color="orange" title="Not available offline">
          This device does not keep {resourceType} resources, and the server cannot be reached. Try again when
          you are back online.
        </Alert>
      ) : found.status === 'error' ? (
        <Alert color="red" title="Search failed">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {found.message}
          </Text>
        </Alert>
      ) : found.total === 0 || found.resources.length === 0 ? (
        <Text c="dimmed" py="md">
          No results
        </Text>
      ) : (
        <>
          <ResourceTable resourceType={resourceType} resources={found.resources} columns={columns} />
          <ListPager
            offset={pageOffset(params)}
            count={pageSize(params)}
            shown={found.resources.length}
            total={found.total}
            onOffset={(offset) =>
              void navigate({
                to: '/$resourceType',
                params: { resourceType },
                search: Object.fromEntries(withOffset(params, offset)),
              })
            }
          />
        </>
      )}
    </Stack>
  );
}
