import type { Binary, Media, Task } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFakeServer } from '@mocks/node';
import { MemoryReplicaStore } from '@/db/memory-replica';
import { ApiClient } from '../client';
import { acceptServerVersion } from '../engine/record';
import { MemoryStorage, type FetchLike } from '../platform';
import { replayOutbox } from './replay';
import { queueUpload } from '../uploads/testing/queue-upload';
import { SyncService } from './service';
import type { LockManagerLike, SyncServiceConfig, SyncServicePlatform } from './types';

const { server, baseUrl } = createNodeFakeServer();
const config: SyncServiceConfig = { baseUrl, clientId: 'carequeue-web', retryDelayMs: 0 };
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const offlineFetch: FetchLike = async () => {
  throw new TypeError('Failed to fetch');
};

/** Records which named locks were held, granting each at once (one context). */
class RecordingLocks implements LockManagerLike {
  readonly taken: string[] = [];
  request<T>(name: string, callback: () => Promise<T>): Promise<T> {
    this.taken.push(name);
    return callback();
  }
}

/**
 * A tab signs in, then goes offline and queues a change, then closes: the replica (outbox and
 * tokens) is what the service worker finds.
 */
async function closedTabWithQueuedChange(status: Task['status']) {
  const replica = new MemoryReplicaStore();
  const storage = new MemoryStorage();
  const page = new ApiClient({ baseUrl, clientId: 'carequeue-web', storage, retryDelayMs: 0 });
  const answer = await page.signIn.login({ email: 'doctor@example.com', password: 'password' });
  await page.signIn.complete(answer.code ?? '');
  const bundle = await page.get<{ entry?: { resource: Task }[] }>(
    'fhir/R4/Task?owner:missing=true&status=ready&_sort=_id&_count=1&_offset=40'
  );
  const task = bundle.entry?.[0]?.resource;
  if (!task?.id) throw new Error('no task');
  // The tab had pulled the task before the signal went.
  await replica.transaction((tx) => acceptServerVersion(tx, task));
  const tab = new SyncService({ replica, storage, fetch: offlineFetch });
  await tab.start(config);
  await tab.applyChange({
    resourceType: 'Task',
    id: task.id,
    kind: 'patch',
    operations: [{ op: 'replace', path: '/status', value: status }],
    commutes: false,
    label: 'Pause Task',
  });
  tab.stop();
  return { replica, storage, page, taskId: task.id };
}

async function outboxLength(replica: MemoryReplicaStore): Promise<number> {
  return (await replica.transaction((tx) => tx.listOutbox())).length;
}

describe('replayOutbox (the service worker on a Background Sync event)', () => {
  it('a change queued offline in a tab that was then closed is sent with no tab open, under the run lock', async () => {
    const { replica, storage, page, taskId } = await closedTabWithQueuedChange('on-hold');
    expect(await outboxLength(replica)).toBe(1);
    const locks = new RecordingLocks();
    const platform: SyncServicePlatform = { replica, storage, locks };

    const result = await replayOutbox(platform, config);

    expect(result).toMatchObject({ outcome: 'replayed', confirmed: 1, pending: 0 });
    expect(locks.taken).toContain('carequeue-sync');
    expect(await outboxLength(replica)).toBe(0);
    const landed = await page.get<Task>(`fhir/R4/Task/${taskId}`);
    expect(landed.status).toBe('on-hold');
  });

  it('a file attached offline in a tab that was then closed is uploaded as a Binary the completed Media points to', async () => {
    const { replica, storage, page } = await closedTabWithQueuedChange('on-hold');
    const text = 'wound photo notes';
    const tab = new SyncService({ replica, storage, fetch: offlineFetch });
    await tab.start(config);
    await queueUpload((change) => tab.applyChange(change), text, 'notes.txt');
    tab.stop();

    const result = await replayOutbox({ replica, storage }, config);

    expect(result).toMatchObject({ outcome: 'replayed', pending: 0 });
    expect(await outboxLength(replica)).toBe(0);
    const media = await page.get<{ entry?: { resource: Media }[] }>(
      'fhir/R4/Media?_sort=-_lastUpdated&_count=1'
    );
    const landed = media.entry?.[0]?.resource;
    expect(landed?.status).toBe('completed');
    expect(landed?.content.data).toBeUndefined();
    const url = landed?.content.url ?? '';
    expect(url).toMatch(/Binary\//);
    const binary = await page.get<Binary>(`fhir/R4/Binary/${url.split('Binary/')[1]}`);
    expect(atob(binary.data ?? '')).toBe(text);
  });

  it('still offline: the change stays queued and the result says so (the browser tries again later)', async () => {
    const { replica, storage } = await closedTabWithQueuedChange('on-hold');
    const result = await replayOutbox({ replica, storage, fetch: offlineFetch }, config);
    expect(result).toMatchObject({ outcome: 'offline', confirmed: 0, pending: 1 });
    expect(await outboxLength(replica)).toBe(1);
  });

  it('signed out (no tokens stored): nothing is sent and nothing is lost', async () => {
    const replica = new MemoryReplicaStore();
    const result = await replayOutbox({ replica, storage: new MemoryStorage() }, config);
    expect(result).toEqual({ outcome: 'signed-out' });
  });
});
