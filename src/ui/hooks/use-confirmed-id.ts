import type { Identifier, Resource } from '@medplum/fhirtypes';
import { CLIENT_ID_SYSTEM } from '@/sync/engine/types';
import { useReplicaQuery } from '../use-replica-query';

/**
 * A resource created on this device is shown under a temporary id until the server confirms it under
 * its own; the resource keeps the device's identifier, so a page can follow it to the new id.
 */
export function useConfirmedId(resourceType: string, id: string, missing: boolean): string | undefined {
  const found = useReplicaQuery(
    async (reader) => {
      if (!missing) return null;
      const match = (await reader.recordsOfType(resourceType)).find((record) =>
        (
          ((record.resource as Resource & { identifier?: Identifier[] }).identifier ?? []) as Identifier[]
        ).some((identifier) => identifier.system === CLIENT_ID_SYSTEM && identifier.value === id)
      );
      return match && match.id !== id ? match.id : null;
    },
    [resourceType, id, missing]
  );
  return found ?? undefined;
}
