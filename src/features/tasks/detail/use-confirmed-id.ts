import type { Task } from '@medplum/fhirtypes';
import { useReplicaQuery, CLIENT_ID_SYSTEM } from '@/ui';

/**
 * A task created on this device is shown under a temporary id until the server confirms it under its
 * own; the task keeps the device's identifier, so the page can follow it to the new id.
 */
export function useConfirmedId(id: string, missing: boolean): string | undefined {
  const found = useReplicaQuery(
    async (reader) => {
      if (!missing) return null;
      const match = (await reader.recordsOfType('Task')).find((record) =>
        ((record.resource as Task).identifier ?? []).some(
          (identifier) => identifier.system === CLIENT_ID_SYSTEM && identifier.value === id
        )
      );
      return match && match.id !== id ? match.id : null;
    },
    [id, missing]
  );
  return found ?? undefined;
}
