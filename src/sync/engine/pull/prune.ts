import type { ReplicaTransaction, ResourceKey, StoredResource } from '@/db/types';
import type { SyncContext } from '@/sync/engine/context';
import { keysWithLocalChanges } from '@/sync/engine/record';
import { META_SCOPE } from '@/sync/engine/types';

/** The user's queues as the first load stored them in meta (META_SCOPE). */
export interface StoredScope {
  roleCodes?: string[];
  states?: string[];
  loadedAt?: string;
}

/** Who the queues belong to: the signed-in user and her role and state queues. */
export interface QueueScope {
  me: string;
  roleCodes: readonly string[];
  states: readonly string[];
}

/**
 * True for a task in one of the user's queues: owned by her (any status), or unowned, open and in
 * one of her role or state queues. Such tasks are loaded whatever the All Tasks cap says.
 */
export function inMyQueues(record: StoredResource, scope: QueueScope): boolean {
  if (record.resourceType !== 'Task') return false;
  if (scope.me && record.owner === scope.me) return true;
  if (record.owner || record.status === 'completed') return false;
  if ((record.performer ?? []).some((code) => scope.roleCodes.includes(code))) return true;
  return record.patientState !== undefined && scope.states.includes(record.patientState);
}

/**
 * The tasks to remove so that at most `cap` tasks outside the user's queues remain (the cap counts
 * the tasks kept beyond the queues, as the first load does): those without local changes or a
 * conflict, least recently updated first (equal times by key). Fewer when the tasks that must stay
 * are more than the cap.
 */
export function tasksBeyondCap(
  tasks: readonly StoredResource[],
  cap: number,
  scope: QueueScope,
  held: ReadonlySet<ResourceKey>
): ResourceKey[] {
  const outside = tasks.filter((record) => !inMyQueues(record, scope));
  const excess = outside.length - cap;
  if (excess <= 0) return [];
  const prunable = outside.filter(
    (record) =>
      record.pending === 0 && record.deleted === 0 && record.server !== undefined && !held.has(record.key)
  );
  prunable.sort((a, b) =>
    a.lastUpdated !== b.lastUpdated ? compare(a.lastUpdated, b.lastUpdated) : compare(a.key, b.key)
  );
  return prunable.slice(0, excess).map((record) => record.key);
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * After a delta pull: the All Tasks cap holds beyond the first load. Tasks a colleague's changes
 * brought in push the replica's least recently updated tasks outside the user's queues out; tasks
 * with changes or conflicts here stay. Other types (patients the pruned tasks pointed at) stay.
 * Reads the tasks only when there are more tasks than the cap (counted by key).
 */
export async function pruneBeyondCap(context: SyncContext): Promise<void> {
  const cap = context.allTasksCap;
  await context.replica.transaction(async (tx) => {
    const keys = await tx.keysOfType('Task');
    if (keys.length <= cap) return;
    const stored = await tx.getMeta<StoredScope>(META_SCOPE);
    const scope: QueueScope = {
      me: context.profile.reference ?? '',
      roleCodes: stored?.roleCodes ?? [],
      states: stored?.states ?? [],
    };
    const tasks = await readAll(tx, keys);
    for (const key of tasksBeyondCap(tasks, cap, scope, await keysWithLocalChanges(tx))) {
      await tx.removeResource(key);
      context.touched.add(key);
    }
  });
}

async function readAll(tx: ReplicaTransaction, keys: readonly ResourceKey[]): Promise<StoredResource[]> {
  const found = await Promise.all(keys.map((key) => tx.getResource(key)));
  return found.filter((record): record is StoredResource => record !== undefined);
}
