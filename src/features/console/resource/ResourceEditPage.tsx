import { Stack } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { editChange, noticeIfKept, useSave, pageTitle } from '@/ui';
import { DraftNotice, LeaveGuard, useDraft } from '@/ui/drafts';
import { isResourceType } from '../resource-types';
import { UnknownResourceType } from '../UnknownResourceType';
import { ConsoleResourceForm } from './ConsoleResourceForm';
import { foundLabel, ResourceHeader } from './ResourceHeader';
import { ResourceStateNotice, ResourceSyncIssues } from '../common/ResourceStateNotice';
import { useConsoleResource } from '../common/use-console-resource';
import { refusedEdits } from './refused-edits';
import { backPath, withBack } from '../common/back-path';

interface ResourceEditPageProps {
  resourceType: string;
  id: string;
}

/**
 * /{type}/{id}/edit: the resource form; OK queues the edit (tested against the version opened), then
 * goes back to the page that asked for it (`?back=`, a timeline's card menu) or else to its details.
 */
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
  const [opened, setOpened] = useState<Opened>();
  const draft = useDraft<Resource>(`edit:${resourceType}/${id}`);
  if (!opened && found.status === 'ready') {
    setOpened({ resource: found.resource, versionId: found.versionId });
  }
  const refused = refusedEdits(found.status === 'ready' ? found.sync : undefined);
  const back = backPath(useRouterState({ select: (state) => state.location.searchStr }));
  const done = () =>
    back
      ? navigate({ href: back })
      : navigate({ to: '/$resourceType/$id/$tab', params: { resourceType, id, tab: 'details' } });

  async function save(edited: Resource, acceptWarnings?: boolean): Promise<void> {
    if (!opened) return;
    // The form shows this device's copy, refused edits included; the engine folds those into this
    // whole-resource edit, so saving the fix replaces them and one change goes to the server.
    const change = editChange(opened.resource, edited, { baseVersionId: opened.versionId });
    // A refused save keeps the draft: the input stays on this device until it is saved or discarded.
    const result = await queue({ change, shown: opened.resource, acceptWarnings });
    if (!result.ok) return;
    noticeIfKept(result, `Edit ${resourceType}`);
    await draft.remove();
    await done();
  }

  return (
    <Stack gap="sm">
      <ResourceHeader
        resourceType={resourceType}
        title={`Edit ${foundLabel(found) || `${resourceType}/${id}`}`}
        documentTitle={pageTitle(`Edit ${foundLabel(found) || resourceType}`)}
        found={found}
      />
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
              onDelete={() => {
                const path = `/${resourceType}/${encodeURIComponent(id)}/delete`;
                void navigate({ href: back ? withBack(path, back) : path });
              }}
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
