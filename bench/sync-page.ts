/**
 * The browser half of bench/sync-browser.bench.ts: signs in through the app's ApiClient, then runs
 * the SyncEngine against the fake server (same origin, proxied by the bench's dev server) with the
 * replica in IndexedDB. Each phase is a function Node calls in turn; see sync-browser.bench.ts.
 */
import type { Task } from '@medplum/fhirtypes';
import { recordsOfType } from '../src/db/database';
import { DexieReplicaStore } from '../src/db/dexie-replica';
import { resourceKey, type ReplicaStore, type ReplicaTransaction } from '../src/db/types';
import { ApiClient } from '../src/sync/client';
import { SyncEngine } from '../src/sync/engine/engine';
import { taskChanges } from '../src/sync/engine/testing/task-changes';
import type { LocalChange, SyncStatus } from '../src/sync/engine/types';
import { systemClock, type FetchLike } from '../src/sync/platform';
import { summarize } from './stats';

export interface SignInResult {
  profile: string;
  ms: number;
}

export interface FirstSyncResult {
  ms: number;
  tasks: number;
  patients: number;
  records: number;
  status: SyncStatus;
  /** Requests sent during the run, by method. */
  requests: Record<string, number>;
  /** Time spent inside replica transactions, and how many there were. */
  replicaMs: number;
  transactions: number;
}

export interface ReplayOptions {
  changes: number;
  tasks: number;
}

export interface ReplayResult {
  changes: number;
  tasks: number;
  /** Queuing all changes while offline (applyChange, one after the other). */
  queueMs: number;
  /** applyChange while queuing: the first and the last 100 (the outbox grows from 0 to `changes`). */
  queueFirst: Timing;
  queueLast: Timing;
  /** engine.refreshStatus() with every change pending (applyChange runs it each time). */
  refreshStatusMs: number;
  /** Requests that reached the network while the changes were queued (should be 0). */
  requestsWhileOffline: number;
  pendingBefore: number;
  /** From going online until pending is 0 (or the engine gave up). */
  ms: number;
  /** syncNow() calls it took. */
  rounds: number;
  status: SyncStatus;
  requests: Record<string, number>;
  /** Time spent inside replica transactions while sending, and how many there were. */
  replicaMs: number;
  transactions: number;
}

export interface Timing {
  median: number;
  p95: number;
  min: number;
  max: number;
  runs: number;
}

export interface LocalChangeResult extends Timing {
  replicaTasks: number;
}

const DATABASE = 'carequeue-sync-bench';
const CLIENT_ID = 'carequeue-web';
const WARMUP = 5;

/** A fetch that can be switched off, counting what it sends. */
class SwitchableNetwork {
  online = true;
  readonly sent = new Map<string, number>();
  blocked = 0;

  readonly fetch: FetchLike = async (url, init = {}) => {
    if (!this.online) {
      this.blocked++;
      throw new TypeError('Failed to fetch');
    }
    const method = init.method ?? 'GET';
    this.sent.set(method, (this.sent.get(method) ?? 0) + 1);
    return globalThis.fetch(url, init);
  };

  takeCounts(): Record<string, number> {
    const counts = Object.fromEntries(this.sent);
    this.sent.clear();
    return counts;
  }
}

/** The Dexie replica, timing each transaction it runs (the engine runs them one at a time). */
class TimedReplica implements ReplicaStore {
  ms = 0;
  count = 0;

  constructor(readonly inner: DexieReplicaStore) {}

  async transaction<T>(work: (tx: ReplicaTransaction) => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await this.inner.transaction(work);
    } finally {
      this.ms += performance.now() - started;
      this.count++;
    }
  }

  wipe(): Promise<void> {
    return this.inner.wipe();
  }
}

interface Session {
  network: SwitchableNetwork;
  client: ApiClient;
  profile: string;
  allTasksCap: number;
  replica?: TimedReplica;
  engine?: SyncEngine;
}

let session: Session | undefined;

function current(): Session & { replica: TimedReplica; engine: SyncEngine } {
  if (!session?.replica || !session.engine) throw new Error('Run firstSync before this phase');
  return session as Session & { replica: TimedReplica; engine: SyncEngine };
}

/** Signs a demo user in as the sign-in screen does: login, profile choice if asked, code exchange. */
export async function signIn(email: string, allTasksCap: number): Promise<SignInResult> {
  const started = performance.now();
  const network = new SwitchableNetwork();
  const client = new ApiClient({
    baseUrl: `${location.origin}/`,
    clientId: CLIENT_ID,
    fetch: network.fetch,
    clock: systemClock,
  });
  const answer = await client.signIn.login({ email, password: 'password' });
  let code = answer.code;
  const membership = answer.memberships?.[0];
  if (!code && membership) code = (await client.signIn.chooseProfile(answer.login, membership.id ?? '')).code;
  if (!code) throw new Error(`Sign-in of ${email} ended without a code`);
  const details = await client.signIn.complete(code);
  const profile = details.profile.id ? `${details.profile.resourceType}/${details.profile.id}` : '';
  if (!profile) throw new Error(`Sign-in of ${email} gave no profile`);
  network.takeCounts();
  session = { network, client, profile, allTasksCap };
  return { profile, ms: performance.now() - started };
}

/** A fresh IndexedDB replica and engine, then one syncNow(): the first full load. */
export async function firstSync(): Promise<FirstSyncResult> {
  if (!session) throw new Error('Sign in first');
  await closeReplica();
  await new DexieReplicaStore({ name: DATABASE }).db.delete();
  const replica = new TimedReplica(new DexieReplicaStore({ name: DATABASE }));
  const engine = new SyncEngine({
    client: session.client,
    replica,
    clock: systemClock,
    profile: { reference: session.profile },
    allTasksCap: session.allTasksCap,
  });
  session.replica = replica;
  session.engine = engine;
  session.network.online = true;
  session.network.takeCounts();
  // Opened (and its schema created) before the clock starts, as the app's replica is before a sync.
  await replica.transaction(async () => undefined);
  replica.ms = 0;
  replica.count = 0;

  const started = performance.now();
  const status = await engine.syncNow();
  const ms = performance.now() - started;
  if (status.lastError) throw new Error(`The first sync failed: ${status.lastError}`);
  const requests = session.network.takeCounts();
  const counts = await countReplica(replica.inner);
  return { ms, ...counts, status, requests, replicaMs: replica.ms, transactions: replica.count };
}

/**
 * Goes offline, queues `changes` changes over `tasks` tasks (notes, due dates, status changes), goes
 * online and runs syncNow() until nothing is pending.
 */
export async function replay(options: ReplayOptions): Promise<ReplayResult> {
  const { network, engine, replica } = current();
  const targets = await replayTargets(replica.inner, options.tasks);
  if (targets.length === 0) throw new Error('The replica holds no open tasks');

  network.online = false;
  network.blocked = 0;
  const samples: number[] = [];
  for (let n = 0; n < options.changes; n++) {
    const id = targets[n % targets.length] ?? '';
    const change = replayChange(n, await localTask(replica.inner, id), session?.profile ?? '');
    const started = performance.now();
    await engine.applyChange(change);
    samples.push(performance.now() - started);
  }
  const queueMs = samples.reduce((sum, value) => sum + value, 0);
  const requestsWhileOffline = network.blocked;
  const pendingBefore = (await engine.refreshStatus()).pending;
  const refreshSamples: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await engine.refreshStatus();
    refreshSamples.push(performance.now() - started);
  }

  network.online = true;
  network.takeCounts();
  const [replicaMs, transactions] = [replica.ms, replica.count];
  const started = performance.now();
  let status = await engine.syncNow();
  let rounds = 1;
  while (status.pending > 0 && rounds < 5) {
    status = await engine.syncNow();
    rounds++;
  }
  const ms = performance.now() - started;
  return {
    changes: options.changes,
    tasks: targets.length,
    queueMs,
    queueFirst: timing(samples.slice(0, 100)),
    queueLast: timing(samples.slice(-100)),
    refreshStatusMs: timing(refreshSamples).median,
    requestsWhileOffline,
    pendingBefore,
    ms,
    rounds,
    status,
    requests: network.takeCounts(),
    replicaMs: replica.ms - replicaMs,
    transactions: replica.count - transactions,
  };
}

/** applyChange of one status change, offline (nothing is sent), timed until it is durable. */
export async function localChange(runs: number): Promise<LocalChangeResult> {
  const { network, engine, replica } = current();
  const targets = await replayTargets(replica.inner, 200);
  network.online = false;
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + runs; i++) {
    const task = await localTask(replica.inner, targets[i % targets.length] ?? '');
    const change = taskChanges.status(task, task.status === 'in-progress' ? 'on-hold' : 'in-progress');
    const started = performance.now();
    await engine.applyChange(change);
    if (i >= WARMUP) samples.push(performance.now() - started);
  }
  const { tasks } = await countReplica(replica.inner);
  return { ...timing(samples), replicaTasks: tasks };
}

/** Closes and deletes the bench database. */
export async function cleanup(): Promise<void> {
  await closeReplica();
  await new DexieReplicaStore({ name: DATABASE }).db.delete();
  session = undefined;
}

async function closeReplica(): Promise<void> {
  if (!session) return;
  session.engine?.stop();
  session.replica?.inner.close();
  session.engine = undefined;
  session.replica = undefined;
}

async function countReplica(store: DexieReplicaStore) {
  const resources = store.db.resources;
  const [tasks, patients, records] = await Promise.all([
    recordsOfType(resources, 'Task').count(),
    recordsOfType(resources, 'Patient').count(),
    resources.count(),
  ]);
  return { tasks, patients, records };
}

/** Ids of open tasks of the replica, in key order. */
async function replayTargets(store: DexieReplicaStore, count: number): Promise<string[]> {
  const tasks = await recordsOfType(store.db.resources, 'Task')
    .filter(
      (record) => record.deleted === 0 && record.status !== 'completed' && record.status !== 'cancelled'
    )
    .limit(count)
    .toArray();
  return tasks.map((record) => record.id);
}

/** The task as this device shows it (with its queued changes applied). */
async function localTask(store: DexieReplicaStore, id: string): Promise<Task> {
  const record = await store.db.resources.get(resourceKey('Task', id));
  if (!record) throw new Error(`Task/${id} is not in the replica`);
  return record.resource as Task;
}

const STATUSES: Task['status'][] = ['in-progress', 'on-hold', 'ready'];

function replayChange(n: number, task: Task, author: string): LocalChange {
  switch (n % 3) {
    case 0:
      return taskChanges.note(task, `bench note ${n}`, author, new Date().toISOString());
    case 1:
      return taskChanges.dueDate(task, `2031-01-${String(1 + (n % 28)).padStart(2, '0')}`);
    default:
      return taskChanges.status(task, STATUSES[Math.floor(n / 3) % STATUSES.length] ?? 'in-progress');
  }
}

function timing(samples: number[]): Timing {
  return summarize(samples);
}
