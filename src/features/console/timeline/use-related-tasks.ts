import type { Reference, Task } from '@medplum/fhirtypes';
import { useReplicaQuery, type StoredResource } from '@/ui';

/** Most tasks kept by each pointer, newest first, as the server's searches read them (_count 100). */
const PER_POINTER = 100;

/** Where a Task points at a resource: its focus, its subject (Task.for) and what it is based on. */
const POINTERS: ((task: Task) => (Reference | undefined)[])[] = [
  (task) => [task.focus],
  (task) => [task.for],
  (task) => task.basedOn ?? [],
];

const newestFirst = (a: StoredResource, b: StoredResource): number =>
  (b.resource.meta?.lastUpdated ?? '').localeCompare(a.resource.meta?.lastUpdated ?? '');

/**
 * The replica's records of the tasks whose focus, subject or basedOn is the resource (100 by each),
 * matched on the reference as written: the product writes plain `Type/id` references. Read from the
 * page's copy of the held tasks.
 */
export function relatedTasks(tasks: readonly StoredResource[], reference: string): StoredResource[] {
  const live = tasks.filter((record) => record.deleted !== 1).sort(newestFirst);
  const byKey = new Map<string, StoredResource>();
  for (const pointers of POINTERS) {
    const matches = live.filter((record) =>
      pointers(record.resource as Task).some((pointer) => pointer?.reference === reference)
    );
    for (const record of matches.slice(0, PER_POINTER)) byKey.set(record.key, record);
  }
  return [...byKey.values()];
}

/** The related tasks of a resource, live from the replica. */
export function useRelatedTasks(resourceType: string, id: string): StoredResource[] | undefined {
  const reference = `${resourceType}/${id}`;
  return useReplicaQuery(
    // The page's copy of the held tasks (the searches keep it), not a read of every task each time.
    async (reader) => relatedTasks(await reader.search.listResources('Task', []), reference),
    [reference],
    { remember: `tasks about ${reference}` }
  );
}
