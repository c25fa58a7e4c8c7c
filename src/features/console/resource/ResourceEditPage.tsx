import { Stack } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { editChange, useCommands, useSave } from '@/ui';
import { DraftNotice, LeaveGuard, useDraft } from '@/ui/drafts';
import { isResourceType } from '../resource-types';
import { UnknownResourceType } from '../UnknownResourceType';
import { ConsoleResourceForm } from './ConsoleResourceForm';
import { ResourceHeader } from './ResourceHeader';
import { ResourceStateNotice, ResourceSyncIssues } from '../common/ResourceStateNotice';
import { useConsoleResource } from '../common/use-console-resource';
import { refusedEdits } from './refused-edits';

interface ResourceEditPageProps {
  resourceType: string;
  id: string;
}

/** /{type}/{id}/edit: the resource form; OK queues the edit (tested against the version opened). */
export function ResourceEditPage({ resourceType, id }: ResourceEditPageProps) {
  if (!isResourceType(resourceType)) return <UnknownResourceType resourceType={resourceType} />;
  return <EditResource resourceType={resourceType} id={id} />;
}

/** The version the form opened on: a pull that brings a newer one does not move the form under the user. */
interface Opened {
  resource: Resource;
  versionId?: string;
}

function EditResource({ resourceType, id }: ResourceEditPageProps) {
  const navigate = useNavigate();
  const found = useConsoleResource(resourceType, id);
  const { save: queue, submitting, outcome } = useSave();
  const { dismissFailure } = useCommands();
  const [opened, setOpened] = useState<Opened>();
  const draft = useDraft<Resource>(`edit:${resourceType}/${id}`);
  if (!opened && found.status === 'ready') {
    setOpened({ resource: found.resource, versionId: found.versionId });
  }
  const refused = refusedEdits(found.status === 'ready' ? found.sync : undefined);
  const details = () =>
    navigate({ to: '/$resourceType/$id/$tab', params: { resourceType, id, tab: 'details' } });

  async function save(edited: Resource, acceptWarnings?: boolean): Promise<void> {
    if (!opened) return;
    // A refused edit is still drawn in the form: the new edit replaces it, made from the server's version.
    const { server } = refused;
    if (server) await Promise.all(refused.entries.map((entry) => dismissFailure(entry.seq ?? 0)));
    const change = server
      ? editChange(server, edited, { baseVersionId: server.meta?.versionId })
      : editChange(opened.resource, edited, { baseVersionId: opened.versionId });
    // A refused save keeps the draft: the input stays on this device until it is saved or discarded.
    if (!(await queue({ change, shown: server ?? opened.resource, acceptWarnings })).ok) return;
    await draft.remove();
    await details();
  }

  return (
    <Stack gap="sm">
      <ResourceHeader resourceType={resourceType} title={`Edit ${resourceType}/${id}`} found={found} />
      <ResourceSyncIssues found={found} />
      <LeaveGuard unsaved={draft.isUnsaved} />
      {opened && draft.ready && <DraftNotice draft={draft} />}
      {opened
        ? draft.ready && (
            <ConsoleResourceForm
              key={draft.round}
              defaultValue={draft.restored ?? opened.resource}
              onChange={draft.keep}
              onSubmit={(edited, options) => void save(edited, options?.acceptWarnings)}
              onDelete={() =>
                void navigate({ to: '/$resourceType/$id/delete', params: { resourceType, id } })
              }
              outcome={outcome ?? refused.outcome}
              submitting={submitting}
            />
          )
        : found.status !== 'ready' && (
            <ResourceStateNotice found={found} resourceType={resourceType} id={id} />
          )}
    </Stack>
  );
}
