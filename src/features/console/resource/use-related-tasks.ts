import { searchReplica, useReplicaQuery, type StoredResource } from '@/ui';

/** The parameters of Task that point at a resource (the timeline's related tasks). */
const POINTERS = ['focus', 'subject', 'based-on'];

/** The replica's records of the tasks whose focus, subject or basedOn is the resource (100 by each). */
export function useRelatedTasks(resourceType: string, id: string): StoredResource[] | undefined {
  return useReplicaQuery(
    async (reader) => {
      const byKey = new Map<string, StoredResource>();
      for (const pointer of POINTERS) {
        const query = `${pointer}=${resourceType}/${id}&_count=100&_sort=-_lastUpdated`;
        const found = await searchReplica(reader, 'Task', query);
        if (found.status !== 'ready') continue;
        for (const record of found.records) byKey.set(record.key, record);
      }
      return [...byKey.values()];
    },
    [resourceType, id]
  );
}
