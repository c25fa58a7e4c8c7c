import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDateTime, useServerRead } from '@/ui';
import { ServerStateNotice } from '../common/ServerStateNotice';
import { isResourceType } from '../resource-types';
import { UnknownResourceType } from '../UnknownResourceType';
import { ResourceDisplay } from './ResourceDisplay';

interface ResourceVersionPageProps {
  resourceType: string;
  id: string;
  versionId: string;
}

/** /{resourceType}/{id}/_history/{versionId}: one version of a resource as the server kept it. */
export function ResourceVersionPage({ resourceType, id, versionId }: ResourceVersionPageProps) {
  const version = useServerRead(
    isResourceType(resourceType) ? `${resourceType}/${id}/_history/${versionId}` : null,
    (fhir) => fhir.vread(resourceType, id, versionId)
  );
  if (!isResourceType(resourceType)) return <UnknownResourceType resourceType={resourceType} />;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Anchor
          size="sm"
          renderRoot={(props) => (
            <Link {...props} to="/$resourceType/$id/$tab" params={{ resourceType, id, tab: 'history' }} />
          )}
        >
          {`${resourceType}/${id}`}
        </Anchor>
        <Text size="sm" c="dimmed">
          / History
        </Text>
      </Group>
      <Title order={1}>{`Version ${versionId}`}</Title>
      {version.status === 'ready' ? (
        <>
          <Text size="sm" c="dimmed">
            {formatDateTime(version.data.meta?.lastUpdated)}
          </Text>
          <ResourceDisplay resource={version.data} />
        </>
      ) : (
        <ServerStateNotice state={version} what="version" />
      )}
    </Stack>
  );
}
