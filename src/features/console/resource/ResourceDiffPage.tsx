import { Alert, Stack, Text } from '@mantine/core';
import { SimpleTable } from '@/ui';
import { ServerStateNotice } from '../common/ServerStateNotice';
import { useHistory } from '../common/use-history';
import { isResourceType } from '../resource-types';
import { UnknownResourceType } from '../UnknownResourceType';
import { ResourceHeader } from './ResourceHeader';
import { versionDifferences } from './version-diff';

interface ResourceDiffPageProps {
  resourceType: string;
  id: string;
  versionId: string;
}

/** /{type}/{id}/_history/{versionId}/diff: what a version changed from the one before it. */
export function ResourceDiffPage({ resourceType, id, versionId }: ResourceDiffPageProps) {
  const history = useHistory(resourceType, id);
  if (!isResourceType(resourceType)) return <UnknownResourceType resourceType={resourceType} />;
  const header = <ResourceHeader resourceType={resourceType} title={`Version ${versionId} changes`} />;
  if (history.status !== 'ready') {
    return (
      <Stack gap="sm">
        {header}
        <ServerStateNotice state={history} what="history" />
      </Stack>
    );
  }
  // The history lists versions newest first: the one before this version follows it.
  const index = history.data.findIndex((entry) => entry.versionId === versionId);
  const version = history.data[index];
  if (!version) {
    return (
      <Stack gap="sm">
        {header}
        <Alert color="gray" title="Not found">{`No version ${versionId} of ${resourceType}/${id}.`}</Alert>
      </Stack>
    );
  }
  const previous = history.data[index + 1];
  const changes = versionDifferences(previous?.resource, version.resource);
  return (
    <Stack gap="sm">
      {header}
      <Text size="sm" c="dimmed">
        {previous ? `Compared with version ${previous.versionId}` : 'The first version'}
      </Text>
      {changes.length === 0 ? (
        <Text c="dimmed">No changes</Text>
      ) : (
        <SimpleTable
          label="Differences"
          columns={['Field', 'Before', 'After']}
          rows={changes.map((change) => ({
            key: change.path,
            cells: [change.path, change.before, change.after],
          }))}
        />
      )}
    </Stack>
  );
}
