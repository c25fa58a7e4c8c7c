import { clientIdentifier } from '@/sync/engine/client-identifier';
import { useReplicaQuery } from '../use-replica-query';

/**
 * A resource created on this device is shown under a temporary id until the server confirms it under
 * its own; the resource keeps the device's identifier (one, or one of a list, as its type holds
 * identifiers), so a page can follow it to the new id.
 */
export function useConfirmedId(resourceType: string, id: string, missing: boolean): string | undefined {
  const found = useReplicaQuery(
    async (reader) => {
      if (!missing) return null;
      const match = (await reader.recordsOfType(resourceType)).find(
        (record) => clientIdentifier(record.resource) === id
      );
      return match && match.id !== id ? match.id : null;
    },
    [resourceType, id, missing]
  );
  return found ?? undefined;
}
