import type { Task } from '@medplum/fhirtypes';
import { searchReplica, useReplicaQuery } from '@/ui';

/** The parameters of Task that point at a resource (the timeline's related tasks). */
const POINTERS = ['focus', 'subject', 'based-on'];

/** Tasks the replica holds whose focus, subject or basedOn is the resource, newest first. */
export function useRelatedTasks(resourceType: string, id: string): Task[] | undefined {
  return useReplicaQuery(
    async (reader) => {
      const byId = new Map<string, Task>();
      for (const pointer of POINTERS) {
        const query = `${pointer}=${resourceType}/${id}&_count=100&_sort=-_lastUpdated`;
        const found = await searchReplica(reader, 'Task', query);
        if (found.status !== 'ready') continue;
        for (const record of found.records) byId.set(record.id, record.resource as Task);
      }
      return [...byId.values()].sort((a, b) =>
        (b.meta?.lastUpdated ?? '').localeCompare(a.meta?.lastUpdated ?? '')
      );
    },
    [resourceType, id]
  );
}
