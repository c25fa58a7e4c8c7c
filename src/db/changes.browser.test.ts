import { afterEach, describe, expect, it } from 'vitest';
import { replicaChanges, type ReplicaChange } from './changes';
import { openTestReplica } from './testing/dexie-harness';
import { outboxEntry, recordOf, task } from './testing/fixtures';

const replicas: ReturnType<typeof openTestReplica>[] = [];
afterEach(async () => {
  await Promise.all(replicas.splice(0).map((replica) => replica.dispose()));
});

/** The announcements of the next commit `write` makes. */
async function announced(write: (replica: ReturnType<typeof openTestReplica>) => Promise<unknown>) {
  const replica = openTestReplica('changes');
  replicas.push(replica);
  await replica.store.transaction((tx) => tx.putResource(recordOf(task('before'))));
  const heard: (ReplicaChange | undefined)[] = [];
  const stop = replicaChanges(replica.store.db)((change) => heard.push(change));
  await write(replica);
  // Dexie announces a commit after it completes, on a later task.
  await new Promise((resolve) => setTimeout(resolve, 50));
  stop();
  return heard;
}

describe('replicaChanges in IndexedDB', () => {
  it('names the table and the resources a commit wrote, key by key', async () => {
    const heard = await announced(({ store }) =>
      store.transaction((tx) => tx.putResources([recordOf(task('t1')), recordOf(task('t2'))]))
    );
    expect(heard).toHaveLength(1);
    expect([...(heard[0]?.tables ?? [])]).toContain('resources');
    expect([...(heard[0]?.resourceKeys ?? [])].sort()).toEqual(['Task/t1', 'Task/t2']);
  });

  it('names the outbox for a queued change, without resource keys when no resource was written', async () => {
    const heard = await announced(({ store }) =>
      store.transaction((tx) => tx.addOutbox(outboxEntry('Task/before', 'Pause Task')))
    );
    expect(heard).toEqual([{ tables: new Set(['outbox']) }]);
  });

  it('cannot name the keys of a clear: the change may be anything in the table', async () => {
    const heard = await announced(({ store }) => store.db.resources.clear());
    expect(heard).toHaveLength(1);
    expect(heard[0]?.tables.has('resources')).toBe(true);
    expect(heard[0]?.resourceKeys).toBeUndefined();
  });
});
