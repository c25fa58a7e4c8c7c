import type { Task } from '@medplum/fhirtypes';
import type { StoredResource } from '@/db/types';
import type { PageOptions, QueueRequest } from '../replica/reader';
import { useReplicaQuery } from '../use-replica-query';
import { useProfile } from './use-profile';

export interface QueueState {
  /** The page's records (queue fields, pending count) in display order. */
  records: StoredResource[];
  /** The same rows as Tasks, as the user sees them (local changes applied). */
  tasks: Task[];
  /** Rows of the whole queue. */
  total: number;
  hasMore: boolean;
  /** True until the first answer; later updates keep the previous rows on screen. */
  loading: boolean;
}

/**
 * One page of a task queue from the replica, live: it updates when a task changes here, in another
 * tab, or by a pull. Never waits on the network.
 *
 *   const { tasks, total, loading } = useQueue({ queue: 'role', code: '309343006' }, { offset: 0, count: 20 });
 */
export function useQueue(request: QueueRequest, page: PageOptions = {}): QueueState {
  const { reference } = useProfile();
  const key = JSON.stringify(request);
  const result = useReplicaQuery(
    (reader) => reader.queue(request, reference, page),
    [key, reference, page.offset, page.count]
  );
  const records = result?.records ?? [];
  return {
    records,
    tasks: records.map((record) => record.resource as Task),
    total: result?.total ?? 0,
    hasMore: result?.hasMore ?? false,
    loading: result === undefined,
  };
}
