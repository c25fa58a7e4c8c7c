import type { Task } from '@medplum/fhirtypes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFakeServer } from '@mocks/node';
import { MemoryReplicaStore } from '@/db/memory-replica';
import { ManualClock } from '@/fhir/testing/manual-clock';
import { ApiClient } from '../client';
import { MemoryStorage } from '../platform';
import { taskChanges } from '../engine/testing/task-changes';
import { SyncService } from './service';
import {
  CHANNEL_NAME,
  type ChannelLike,
  type LockManagerLike,
  type ServiceStatus,
  type SyncServiceConfig,
} from './types';

const { server, baseUrl } = createNodeFakeServer();
const config: SyncServiceConfig = { baseUrl, clientId: 'carequeue-web', retryDelayMs: 0 };
const running: SyncService[] = [];
let channelName = CHANNEL_NAME;
let tests = 0;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  for (const service of running.splice(0)) service.stop();
});
afterAll(() => server.close());

/** Exclusive named locks shared by the services of one test, granted in request order (as Web Locks). */
class SharedLocks implements LockManagerLike {
  private readonly tails = new Map<string, Promise<unknown>>();
  request<T>(name: string, callback: () => Promise<T>): Promise<T> {
    const tail = this.tails.get(name) ?? Promise.resolve();
    const run = tail.then(callback, callback);
    this.tails.set(
      name,
      run.catch(() => undefined)
    );
    return run;
  }
}

/** Two "tabs" of one browser: one replica (IndexedDB), one token storage, shared locks and channel. */
async function browserWithTabs() {
  channelName = `${CHANNEL_NAME}-${++tests}`;
  const replica = new MemoryReplicaStore();
  const storage = new MemoryStorage();
  const locks = new SharedLocks();
  const page = new ApiClient({ baseUrl, clientId: 'carequeue-web', storage, retryDelayMs: 0 });
  const answer = await page.signIn.login({ email: 'doctor@example.com', password: 'password' });
  await page.signIn.complete(answer.code ?? '');
  const tab = () => {
    const service = new SyncService({
      replica,
      storage,
      locks,
      // Node's BroadcastChannel delivers MessageEvents like the browser's.
      openChannel: () => new BroadcastChannel(channelName) as unknown as ChannelLike,
    });
    running.push(service);
    return service;
  };
  return { page, replica, tab };
}

async function until<T>(read: () => Promise<T> | T, accept: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function statuses(service: SyncService): ServiceStatus[] {
  const seen: ServiceStatus[] = [];
  void service.subscribe((status) => seen.push(status));
  return seen;
}

async function anUnownedTask(page: ApiClient, offset: number): Promise<Task> {
  const bundle = await page.get<{ entry?: { resource: Task }[] }>(
    `fhir/R4/Task?owner:missing=true&status=ready&_sort=_id&_count=1&_offset=${offset}`
  );
  const task = bundle.entry?.[0]?.resource;
  if (!task) throw new Error('no task');
  return task;
}

/** Two tabs of one browser; the first leads and has finished its first sync, the second is not started. */
async function twoTabsAfterFirstSync() {
  const browser = await browserWithTabs();
  const first = browser.tab();
  const second = browser.tab();
  await first.start(config);
  await until(
    () => first.status(),
    (status) => status.leader && !!status.lastSyncedAt
  );
  return { ...browser, first, second };
}

describe('SyncService across tabs', () => {
  it('one tab leads; a follower stores changes and the leader pushes them; the follower takes over when the leader stops', async () => {
    const { page, first: leader, second: follower } = await twoTabsAfterFirstSync();
    const followerStatus = await follower.start(config);
    expect(followerStatus).toMatchObject({ signedIn: true, leader: false });

    const task = await anUnownedTask(page, 30);
    await follower.applyChange(taskChanges.status(task, 'on-hold', 'Pause Task'));
    await until(
      () => page.get<Task>(`fhir/R4/Task/${task.id}`),
      (landed) => landed.status === 'on-hold'
    );
    // The follower hears the leader's run state.
    await until(
      () => follower.status(),
      (status) => !!status.lastSyncedAt
    );

    leader.stop();
    await until(
      () => follower.status(),
      (status) => status.leader
    );
    await follower.applyChange(taskChanges.status(task, 'in-progress', 'Resume Task'));
    await until(
      () => page.get<Task>(`fhir/R4/Task/${task.id}`),
      (landed) => landed.status === 'in-progress'
    );
  });

  it('signing out in one tab stops the others and wipes the replica and the tokens', async () => {
    const { replica, first, second } = await twoTabsAfterFirstSync();
    await second.start(config);
    const seenBySecond = statuses(second);

    await first.signOut();
    await until(
      () => second.status(),
      (status) => !status.signedIn
    );
    expect(seenBySecond.at(-1)?.endedBy).toBe('signed-out-elsewhere');
    const left = await replica.transaction(async (tx) => ({
      outbox: await tx.listOutbox(),
      login: await tx.getMeta('kv:activeLogin'),
      scope: await tx.getMeta('syncScope'),
    }));
    expect(left).toEqual({ outbox: [], login: undefined, scope: undefined });
    await expect(
      second.applyChange({
        resourceType: 'Task',
        id: 'x',
        kind: 'delete',
        commutes: false,
        label: 'Delete Task',
      })
    ).rejects.toThrow('Not signed in');
  });
});

/**
 * A signed-in leader whose requests fail as with no network while `network.down` is set, leading
 * once its first sync is done; an hour between timed runs, so only what the test does sends.
 */
async function leaderWithNetwork(clock?: ManualClock) {
  const replica = new MemoryReplicaStore();
  const storage = new MemoryStorage();
  const page = new ApiClient({ baseUrl, clientId: 'carequeue-web', storage, retryDelayMs: 0 });
  const answer = await page.signIn.login({ email: 'doctor@example.com', password: 'password' });
  await page.signIn.complete(answer.code ?? '');
  const network = { down: false };
  const service = new SyncService({
    replica,
    storage,
    clock,
    fetch: (input, init) =>
      network.down ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init),
  });
  running.push(service);
  await service.start({ ...config, intervalMs: 3_600_000 });
  await until(
    () => service.status(),
    (status) => status.leader && !!status.lastSyncedAt
  );
  return { page, service, network };
}

describe('SyncService and the network', () => {
  it('changes kept while offline are sent as soon as the page says the network is back, not at the next timer', async () => {
    const { page, service, network } = await leaderWithNetwork();
    const task = await anUnownedTask(page, 40);
    network.down = true;
    await service.networkChanged(false);
    await service.applyChange(taskChanges.status(task, 'on-hold', 'Pause Task'));
    await until(
      () => service.status(),
      (status) => !status.online && status.pending === 1 && !status.syncing
    );

    network.down = false;
    await service.networkChanged(true);
    await until(
      () => page.get<Task>(`fhir/R4/Task/${task.id}`),
      (landed) => landed.status === 'on-hold',
      5_000
    );
    expect(await service.status()).toMatchObject({ online: true });
  });

  it('when the network event comes before the route and the first try fails, the next run still sends the change at once, whatever its back-off says', async () => {
    // Time stands still: a backed-off change is never due by the clock within the test.
    const { page, service, network } = await leaderWithNetwork(new ManualClock(Date.now()));
    const task = await anUnownedTask(page, 41);
    network.down = true;
    await service.networkChanged(false);
    await service.applyChange(taskChanges.status(task, 'on-hold', 'Pause Task'));
    await service.syncNow();
    // The event says the network is back, but requests still fail: the reconnection's try is lost.
    await service.networkChanged(true);
    await until(
      () => service.status(),
      (status) => !status.online && status.pending === 1 && !status.syncing
    );

    // The route is back; the next run (the timer's, here asked for) sends the change.
    network.down = false;
    await service.syncNow();
    expect((await page.get<Task>(`fhir/R4/Task/${task.id}`)).status).toBe('on-hold');
    expect(await service.status()).toMatchObject({ online: true, pending: 0 });
  });
});
