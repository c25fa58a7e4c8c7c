import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { deleteChange, noticeIfKept, pageTitle, useSave } from '@/ui';
import { backPath } from '../common/back-path';
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

/**
 * /{type}/{id}/delete: asks, queues the delete (tested against the version shown), then goes back to
 * the page that asked for it (`?back=`, a timeline's card menu) or else to the type's list.
 */
export function ResourceDeletePage({ resourceType, id }: ResourceDeletePageProps) {
  if (!isResourceType(resourceType)) return <UnknownResourceType resourceType={resourceType} />;
  return <DeleteResource resourceType={resourceType} id={id} />;
}

function DeleteResource({ resourceType, id }: ResourceDeletePageProps) {
  const navigate = useNavigate();
  const found = useConsoleResource(resourceType, id);
  const { save, submitting, outcome } = useSave();
  const back = backPath(useRouterState({ select: (state) => state.location.searchStr }));

  async function remove(): Promise<void> {
    if (found.status !== 'ready') return;
    const result = await save({ change: deleteChange(found.resource, found.versionId) });
    if (!result.ok) return;
    noticeIfKept(result, `Delete ${resourceType}`);
    if (back) await navigate({ href: back });
    else await navigate({ to: '/$resourceType', params: { resourceType } });
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
            {/* Cancel goes back where Delete would have: the page that asked, else the resource. */}
            {back ? (
              <Button
                variant="default"
                style={TOUCH}
                disabled={submitting}
                onClick={() => void navigate({ href: back })}
              >
                Cancel
              </Button>
            ) : (
              <Button
                variant="default"
                style={TOUCH}
                disabled={submitting}
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to="/$resourceType/$id/$tab"
                    params={{ resourceType, id, tab: 'details' }}
                  />
                )}
              >
                Cancel
              </Button>
            )}
          </Group>
        </>
      ) : (
        <ResourceStateNotice found={found} resourceType={resourceType} id={id} />
      )}
    </Stack>
  );
}
