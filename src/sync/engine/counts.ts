import { splitPending } from '@/db/outbox-counts';
import type { ReplicaTransaction } from '@/db/types';
import type { SyncStatus } from './types';

export type OutboxCounts = Pick<SyncStatus, 'pending' | 'blocked' | 'conflicts' | 'failed'>;

/**
 * The outbox as the header counts it. `pending`: entries the next run will send. `blocked`: entries
 * waiting behind an earlier conflict or failure of the same resource, which cannot move until the
 * user resolves it. Without conflicts or failures (the common case) only the state index is
 * counted; otherwise the outbox is read once.
 */
export async function countOutbox(tx: ReplicaTransaction): Promise<OutboxCounts> {
  const pending = await tx.countOutbox('pending');
  const failed = await tx.countOutbox('failed');
  const conflicts = await tx.countConflicts();
  if (failed + conflicts === 0) return { pending, blocked: 0, failed, conflicts };
  return { ...splitPending(await tx.listOutbox()), failed, conflicts };
}
