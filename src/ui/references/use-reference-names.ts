import type { Reference } from '@medplum/fhirtypes';
import { useReplicaQuery } from '../use-replica-query';
import { resourceName } from '../format/resource-name';
import { NO_NAMES, referencesWithoutDisplay, type ReferenceNames } from './reference-names';

/** The names, from the replica, of the resources these references point at without a display (live). */
export function useReferenceNames(references: (Reference | undefined)[]): ReferenceNames {
  const wanted = referencesWithoutDisplay(references);
  const key = wanted.join(' ');
  const names = useReplicaQuery(
    async (reader) => {
      const found = new Map<string, string>();
      for (const reference of wanted) {
        const name = resourceName((await reader.record(reference))?.resource);
        if (name) found.set(reference, name);
      }
      return found;
    },
    // The lookup depends only on which references are wanted, joined into one stable key.
    [key]
  );
  return names ?? NO_NAMES;
}
