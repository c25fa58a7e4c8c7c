import type { OutboxEntry, ReplicaStore } from '@/db/types';
import type { SyncContext } from '@/sync/engine/context';
import { backoffDelay } from '@/sync/engine/run-loop';

/*
 * Each change's own back-off, kept with it in the outbox: after a transient failure it waits until
 * `notBefore`, longer after each failure in a row; the run loop wakes when the earliest is due.
 */

/** A transient failure: the change is tried again after an exponential, jittered delay. */
export async function backOff(context: SyncContext, entry: OutboxEntry, message: string): Promise<void> {
  await context.replica.transaction(async (tx) => {
    const current = await tx.getOutbox(entry.seq ?? 0);
    if (!current || current.revision !== entry.revision) return;
    const attempts = current.attempts + 1;
    const notBefore = context.clock.now() + backoffDelay(context, attempts);
    await tx.putOutbox({ ...current, attempts, notBefore, error: message, revision: current.revision + 1 });
  });
}

/** Every waiting change may be sent now, whatever its back-off said (the connection is back). */
export async function clearBackoff(replica: ReplicaStore): Promise<void> {
  await replica.transaction(async (tx) => {
    for (const entry of await tx.listOutbox()) {
      if (entry.state === 'pending' && entry.notBefore > 0) {
        await tx.putOutbox({ ...entry, notBefore: 0, revision: entry.revision + 1 });
      }
    }
  });
}

/** When the earliest backed-off change may be sent again; undefined when no change waits. */
export async function earliestDue(replica: ReplicaStore): Promise<number | undefined> {
  const entries = await replica.transaction((tx) => tx.listOutbox());
  const due = entries.filter((entry) => entry.state === 'pending').map((entry) => entry.notBefore);
  return due.length > 0 ? Math.min(...due) : undefined;
}
