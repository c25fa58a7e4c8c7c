import { Stack } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { createChange, useSave } from '@/ui';
import { isResourceType } from '../resource-types';
import { UnknownResourceType } from '../UnknownResourceType';
import { ConsoleResourceForm } from './ConsoleResourceForm';
import { ResourceHeader } from './ResourceHeader';

/** /{type}/new: an empty resource form; OK queues the create and opens the new resource. */
export function ResourceNewPage({ resourceType }: { resourceType: string }) {
  if (!isResourceType(resourceType)) return <UnknownResourceType resourceType={resourceType} />;
  return <NewResource resourceType={resourceType} />;
}

function NewResource({ resourceType }: { resourceType: string }) {
  const navigate = useNavigate();
  const { save, submitting, outcome } = useSave();
  const [empty] = useState(() => ({ resourceType }) as Resource);

  async function create(resource: Resource, acceptWarnings?: boolean): Promise<void> {
    const result = await save({ change: createChange(resource), acceptWarnings });
    if (!result.ok || !result.applied) return;
    await navigate({
      to: '/$resourceType/$id/$tab',
      params: { resourceType, id: result.applied.id, tab: 'details' },
    });
  }

  return (
    <Stack gap="sm">
      <ResourceHeader resourceType={resourceType} title={`New ${resourceType}`} />
      <ConsoleResourceForm
        defaultValue={empty}
        onSubmit={(resource, options) => void create(resource, options?.acceptWarnings)}
        outcome={outcome}
        submitting={submitting}
      />
    </Stack>
  );
}
