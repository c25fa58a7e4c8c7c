import {
  allTasks,
  DEFAULT_PAGE_SIZE,
  isOpenTask,
  myTasks,
  roleQueue,
  stateQueue,
  type QueuePage,
} from '@/db/queues';
import type { ReplicaDatabase } from '@/db/database';
import { splitPending } from '@/db/outbox-counts';
import { dexieQueryReader } from '@/db/query-reader';
import type { StoredResource } from '@/db/types';
import type { PageOptions, QueueRequest, QueueResult, ReplicaReader } from './reader';

/**
 * The reads of the hooks on the replica in IndexedDB: the queue functions of src/db plus counts,
 * through Dexie tables only (so live queries observe them in every tab).
 */
export function dexieReader(db: ReplicaDatabase): ReplicaReader {
  return {
    async queue(request, owner, page) {
      const [found, total] = await Promise.all([
        queuePage(db, request, owner, page),
        queueTotal(db, request, owner),
      ]);
      return { records: found.items, total, hasMore: found.hasMore } satisfies QueueResult;
    },
    record: (key) => db.resources.get(key),
    recordsOfType: (resourceType) => db.resources.where('resourceType').equals(resourceType).toArray(),
    outbox: () => db.outbox.orderBy('seq').toArray(),
    outboxOf: (key) => db.outbox.where('key').equals(key).sortBy('seq'),
    conflicts: () => db.conflicts.orderBy('seq').toArray(),
    async counts() {
      const [pending, failed, conflicts] = await Promise.all([
        db.outbox.where('state').equals('pending').count(),
        db.outbox.where('state').equals('failed').count(),
        db.conflicts.count(),
      ]);
      // Only a conflict or failure can hold changes back: then the outbox is read to find them.
      if (failed + conflicts === 0) return { pending, blocked: 0, failed, conflicts };
      return { ...splitPending(await db.outbox.orderBy('seq').toArray()), failed, conflicts };
    },
    async meta<T>(key: string) {
      return (await db.meta.get(key))?.value as T | undefined;
    },
    search: dexieQueryReader(db),
  };
}

function queuePage(
  db: ReplicaDatabase,
  request: QueueRequest,
  owner: string,
  page: PageOptions
): Promise<QueuePage> {
  const paging = { offset: page.offset ?? 0, count: page.count ?? DEFAULT_PAGE_SIZE };
  switch (request.queue) {
    case 'mine':
      return myTasks(db, owner, paging);
    case 'role':
      return roleQueue(db, request.code, paging);
    case 'state':
      return stateQueue(db, request.state, paging);
    case 'all':
      return allTasks(db, { ...paging, status: request.tab });
  }
}

/** How many rows the queue has, by the narrowest single index. */
function queueTotal(db: ReplicaDatabase, request: QueueRequest, owner: string): Promise<number> {
  const unowned = (record: StoredResource) => isOpenTask(record) && !record.owner;
  switch (request.queue) {
    case 'mine':
      return db.resources.where('owner').equals(owner).filter(isOpenTask).count();
    case 'role':
      return db.resources.where('performer').equals(request.code).filter(unowned).count();
    case 'state':
      return db.resources.where('patientState').equals(request.state).filter(unowned).count();
    case 'all': {
      const tab = request.tab;
      return db.resources
        .where('resourceType')
        .equals('Task')
        .filter((record) => {
          if (record.deleted !== 0) return false;
          if (tab === 'active') return record.status !== 'completed';
          if (tab === 'completed') return record.status === 'completed';
          return true;
        })
        .count();
    }
  }
}
