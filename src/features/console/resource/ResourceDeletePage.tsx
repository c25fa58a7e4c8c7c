import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { deleteChange, useSave, pageTitle } from '@/ui';
import { ResourceStateNotice } from '../common/ResourceStateNotice';
import { useConsoleResource } from '../common/use-console-resource';
import { isResourceType } from '../resource-types';
import { UnknownResourceType } from '../UnknownResourceType';
import { foundLabel, ResourceHeader } from './ResourceHeader';

interface ResourceDeletePageProps {
  resourceType: string;
  id: string;
}

const TOUCH = { minHeight: 44 };

/** /{type}/{id}/delete: asks, queues the delete (tested against the version shown), back to the list. */
export function ResourceDeletePage({ resourceType, id }: ResourceDeletePageProps) {
  if (!isResourceType(resourceType)) return <UnknownResourceType resourceType={resourceType} />;
  return <DeleteResource resourceType={resourceType} id={id} />;
}

function DeleteResource({ resourceType, id }: ResourceDeletePageProps) {
  const navigate = useNavigate();
  const found = useConsoleResource(resourceType, id);
  const { save, submitting, outcome } = useSave();

  async function remove(): Promise<void> {
    if (found.status !== 'ready') return;
    if (!(await save({ change: deleteChange(found.resource, found.versionId) })).ok) return;
    await navigate({ to: '/$resourceType', params: { resourceType } });
  }

  const error = outcome?.issue?.[0]?.details?.text;
  return (
    <Stack gap="sm">
      <ResourceHeader
        resourceType={resourceType}
        title={`Delete ${foundLabel(found) || `${resourceType}/${id}`}`}
        documentTitle={pageTitle(`Delete ${foundLabel(found) || resourceType}`)}
        found={found}
      />
      {found.status === 'ready' ? (
        <>
          <Text>{`Are you sure you want to delete this ${resourceType}?`}</Text>
          {error && (
            <Alert color="red" title="Error" role="alert">
              {error}
            </Alert>
          )}
          <Group gap="sm">
            <Button color="red" style={TOUCH} loading={submitting} onClick={() => void remove()}>
              Delete
            </Button>
            <Button
              variant="default"
              style={TOUCH}
              disabled={submitting}
              renderRoot={(props) => (
                <Link {...props} to="/$resourceType/$id/$tab" params={{ resourceType, id, tab: 'details' }} />
              )}
            >
              Cancel
            </Button>
          </Group>
        </>
      ) : (
        <ResourceStateNotice found={found} resourceType={resourceType} id={id} />
      )}
    </Stack>
  );
}
