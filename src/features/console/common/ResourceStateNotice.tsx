import { Alert, Center, Loader, Stack } from '@mantine/core';
import { ConflictCard, FailureItem } from '@/ui';
import type { ConsoleResourceState } from './use-console-resource';

/** What a resource page shows instead of the resource while it has none: loading, not found, offline, error. */
export function ResourceStateNotice({
  found,
  resourceType,
  id,
}: {
  found: Exclude<ConsoleResourceState, { status: 'ready' }>;
  resourceType: string;
  id: string;
}) {
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
  }
}

/**
 * The resource's own sync issues, where its page shows them: each conflict with the differences and
 * 'Apply mine again' / 'Keep theirs', each refused change with the server's words.
 */
export function ResourceSyncIssues({ found }: { found: ConsoleResourceState }) {
  if (found.status !== 'ready' || !found.sync) return null;
  const { conflicts, failures } = found.sync;
  if (conflicts.length === 0 && failures.length === 0) return null;
  return (
    <Stack gap="md">
      {conflicts.map((conflict) => (
        <ConflictCard key={conflict.seq} conflict={conflict} />
      ))}
      {failures.map((entry) => (
        <FailureItem key={entry.seq} entry={entry} />
      ))}
    </Stack>
  );
}
