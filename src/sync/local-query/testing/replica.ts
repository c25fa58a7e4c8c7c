import type { Resource } from '@medplum/fhirtypes';
import { serverRecord } from '@/db/derive';
import {
  resourceKey,
  type QueueRead,
  type ReplicaStore,
  type ResourceKey,
  type StoredResource,
} from '@/db/types';
import { createRecordReader, type FieldCondition, type ReplicaQueryReader } from '../replica-reader';

/** Server resources as confirmed replica records; the store derives the queue fields. */
export async function putServerResources(
  store: ReplicaStore,
  resources: readonly Resource[]
): Promise<ResourceKey[]> {
  return store.transaction(async (tx) => {
    const keys: ResourceKey[] = [];
    for (const resource of resources) {
      const key = resourceKey(resource.resourceType, resource.id ?? '');
      await tx.putResource(serverRecord(resource));
      keys.push(key);
    }
    return keys;
  });
}

/** Applies a local change to a record as the sync engine would: `resource` changes, `server` stays. */
export async function changeLocally(
  store: ReplicaStore,
  key: ResourceKey,
  change: (record: StoredResource) => StoredResource
): Promise<void> {
  await store.transaction(async (tx) => {
    const record = await tx.getResource(key);
    if (!record) throw new Error(`No record ${key}`);
    await tx.putResource({ ...change(record), pending: record.pending + 1 });
  });
}

/**
 * A reader over the records of a store with these keys, as they are now. The replica contract has no
 * listing yet, so the test names the keys it stored.
 */
export async function readerOf(
  store: ReplicaStore,
  keys: readonly ResourceKey[]
): Promise<ReplicaQueryReader> {
  const records = await store.transaction(async (tx) => {
    const found: StoredResource[] = [];
    for (const key of keys) {
      const record = await tx.getResource(key);
      if (record) found.push(record);
    }
    return found;
  });
  return createRecordReader(records);
}

/**
 * A reader that records what each listResources call asked for and how many records it returned,
 * how many records were read by key, and the queue pages read.
 */
export function countingReader(inner: ReplicaQueryReader): ReplicaQueryReader & {
  lists: { resourceType: string; conditions: readonly FieldCondition[]; returned: number }[];
  gets: number;
  queues: { prefixes: readonly string[]; returned: number; total: number }[];
} {
  const counted = {
    lists: [] as { resourceType: string; conditions: readonly FieldCondition[]; returned: number }[],
    gets: 0,
    queues: [] as { prefixes: readonly string[]; returned: number; total: number }[],
    async listResources(resourceType: string, conditions: readonly FieldCondition[]) {
      const found = await inner.listResources(resourceType, conditions);
      counted.lists.push({ resourceType, conditions, returned: found.length });
      return found;
    },
    async getResources(keys: readonly ResourceKey[]) {
      const found = await inner.getResources(keys);
      counted.gets += found.length;
      return found;
    },
    distinctValues: inner.distinctValues.bind(inner),
    async queuePage(read: QueueRead) {
      const page = await inner.queuePage(read);
      counted.queues.push({ prefixes: read.prefixes, returned: page.records.length, total: page.total });
      return page;
    },
  };
  return counted;
}
