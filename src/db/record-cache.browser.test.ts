import { afterEach, describe, expect, it } from 'vitest';
import { RecordCache } from './record-cache';
import { openTestReplica } from './testing/dexie-harness';
import { recordOf, task } from './testing/fixtures';

const replicas: ReturnType<typeof openTestReplica>[] = [];
afterEach(async () => {
  await Promise.all(replicas.splice(0).map((replica) => replica.dispose()));
});

describe('RecordCache in IndexedDB', () => {
  it('reads that come together after a write all see it, not only the first of them', async () => {
    const replica = openTestReplica('record-cache');
    replicas.push(replica);
    const { store } = replica;
    await store.transaction((tx) => tx.putResource(recordOf(task('t1'))));
    const cache = new RecordCache(store.db);
    expect((await cache.recordsOfType('Task')).map((record) => record.key)).toEqual(['Task/t1']);

    await store.transaction((tx) => tx.putResource(recordOf(task('t2'))));
    // Dexie reports the commit on a later task.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answers = await Promise.all([1, 2, 3].map(() => cache.recordsOfType('Task')));
    for (const answer of answers)
      expect(answer.map((record) => record.key).sort()).toEqual(['Task/t1', 'Task/t2']);
  });
});
