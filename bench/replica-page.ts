/**
 * The browser half of bench/replica.bench.ts: fills a replica in IndexedDB and times the queue
 * searches the task screens run (the local query engine over the Dexie reader, as useReplicaSearch
 * does) and a local change. Served by Vite and driven from Node; see replica.bench.ts.
 */
import type { Patient, Resource, Task } from '@medplum/fhirtypes';
import { buildLargeTaskSeed } from '../mocks/seed/large';
import { DexieReplicaStore } from '../src/db/dexie-replica';
import { listSearchParameters } from '../mocks/engine/search';
import { allTasks, myTasks, roleQueue, stateQueue, withPage } from '../src/fhir/task-queues';
import { QUEUE_SEARCH_BASES, writeSearchParameters } from '../src/sync/local-query';
import { searchReplica } from '../src/ui/replica/search';
import { dexieReader } from '../src/ui/replica/dexie-reader';
import { outboxEntry } from '../src/db/testing/fixtures';
import { resourceKey, type StoredResource } from '../src/db/types';
import { summarize } from './stats';

export interface ReplicaBenchOptions {
  tasks: number;
  patients: number;
  runs: number;
}

export interface Timing {
  label: string;
  median: number;
  p95: number;
  runs: number;
}

export interface ReplicaBenchResult {
  fill: { records: number; ms: number };
  owner: string;
  openTasksOfOwner: number;
  firstQueryAfterReopenMs: number;
  timings: Timing[];
}

const NAME = 'carequeue-bench';
const WARMUP = 5;

function timing(label: string, samples: number[]): Timing {
  const { median, p95, runs } = summarize(samples);
  return { label, median, p95, runs };
}

async function measure(label: string, runs: number, run: (i: number) => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < WARMUP; i++) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run(WARMUP + i);
    samples.push(performance.now() - started);
  }
  return timing(label, samples);
}

function recordOf(resource: Resource, lastUpdated: string): StoredResource {
  const stamped = { ...resource, meta: { ...resource.meta, versionId: '1', lastUpdated } } as Resource;
  const id = resource.id ?? '';
  return {
    key: resourceKey(resource.resourceType, id),
    resourceType: resource.resourceType,
    id,
    resource: stamped,
    server: stamped,
    pending: 0,
    deleted: 0,
    lastUpdated,
  };
}

async function fill(store: DexieReplicaStore, options: ReplicaBenchOptions) {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const seed = buildLargeTaskSeed({ tasks: options.tasks, patients: options.patients, now });
  const kept = seed
    .map(({ resource }) => resource)
    .filter((resource) => resource.resourceType === 'Task' || resource.resourceType === 'Patient');
  // Patients first, as the first pull would store them, then tasks in pages of 500.
  kept.sort((a, b) => Number(b.resourceType === 'Patient') - Number(a.resourceType === 'Patient'));
  const started = performance.now();
  for (let start = 0; start < kept.length; start += 500) {
    const page = kept.slice(start, start + 500);
    await store.transaction(async (tx) => {
      for (const [i, resource] of page.entries()) {
        const lastUpdated = new Date(now.getTime() - (start + i) * 1000).toISOString();
        await tx.putResource(recordOf(resource, lastUpdated));
      }
    });
  }
  const bases = new Set(QUEUE_SEARCH_BASES);
  const definitions = listSearchParameters().filter((sp) => sp.base?.some((base) => bases.has(base)));
  await store.transaction((tx) =>
    writeSearchParameters(tx, definitions, { fetchedAt: now.toISOString(), bases: QUEUE_SEARCH_BASES })
  );
  return { records: kept.length, ms: performance.now() - started, tasks: kept };
}

/** The owner with the most open tasks: the heaviest My Tasks list. */
function busiestOwner(resources: Resource[]): { owner: string; open: number } {
  const counts = new Map<string, number>();
  for (const resource of resources) {
    const task = resource as Task;
    const owner = task.owner?.reference;
    if (resource.resourceType !== 'Task' || !owner || task.status === 'completed') continue;
    counts.set(owner, (counts.get(owner) ?? 0) + 1);
  }
  const [owner = '', open = 0] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  return { owner, open };
}

export async function runReplicaBench(options: ReplicaBenchOptions): Promise<ReplicaBenchResult> {
  await new DexieReplicaStore({ name: NAME }).db.delete();
  let store = new DexieReplicaStore({ name: NAME });
  const filled = await fill(store, options);
  const { owner, open } = busiestOwner(filled.tasks);

  store.close();
  store = new DexieReplicaStore({ name: NAME });
  const reader = dexieReader(store.db);
  // The list page's read: one page of the queue's FHIR search, answered over the replica.
  const page = async (query: URLSearchParams, offset = 0) => {
    const answer = await searchReplica(reader, 'Task', withPage(query, { count: 20, offset }).toString());
    if (answer.status !== 'ready') throw new Error(`queue search not answered: ${answer.status}`);
    return answer;
  };
  const coldStart = performance.now();
  await page(myTasks(owner));
  const firstQueryAfterReopenMs = performance.now() - coldStart;

  const timings: Timing[] = [];
  timings.push(await measure('My Tasks, first page (20)', options.runs, () => page(myTasks(owner))));
  timings.push(
    await measure('My Tasks, page 11 (offset 200)', options.runs, () => page(myTasks(owner), 200))
  );
  const role = ((
    filled.tasks.find((r) => r.resourceType === 'Task' && !(r as Task).owner) as Task | undefined
  )?.performerType?.[0]?.coding?.[0]?.code ?? '') as string;
  timings.push(await measure(`role queue '${role}', first page`, options.runs, () => page(roleQueue(role))));
  timings.push(await measure("state queue 'NY', first page", options.runs, () => page(stateQueue('NY'))));
  timings.push(await measure('All Tasks (Active), first page', options.runs, () => page(allTasks('active'))));

  // A filter added to a list (the Filters dialog): general searches, narrowed where an index helps.
  const filtered = (name: string, value: string) => {
    const query = allTasks('active');
    query.set(name, value);
    return query;
  };
  timings.push(
    await measure('filter change: Active + priority=stat, first page', options.runs, () =>
      page(filtered('priority', 'stat'))
    )
  );
  timings.push(
    await measure('filter change: status=ready (replacing Active), first page', options.runs, () => {
      const query = allTasks('active');
      query.delete('status:not');
      query.set('status', 'ready');
      return page(query);
    })
  );
  timings.push(
    await measure('filter change: Active + code:text=review, first page (no index)', options.runs, () =>
      page(filtered('code:text', 'review'))
    )
  );

  // The header's global search over the replica: five patients by name or identifier.
  const patient = filled.tasks.find((r) => r.resourceType === 'Patient') as Patient | undefined;
  const family = patient?.name?.[0]?.family ?? 'a';
  const identifier = patient?.identifier?.[0]?.value ?? '1';
  const lookup = async (query: string) => {
    const answer = await searchReplica(reader, 'Patient', query);
    if (answer.status !== 'ready') throw new Error(`patient search not answered: ${answer.status}`);
    return answer;
  };
  timings.push(
    await measure(`global search: Patient?name=${family.slice(0, 3)}&_count=5`, options.runs, () =>
      lookup(`name=${encodeURIComponent(family.slice(0, 3))}&_count=5`)
    )
  );
  timings.push(
    await measure(`global search: Patient?identifier=${identifier}&_count=5`, options.runs, () =>
      lookup(`identifier=${encodeURIComponent(identifier)}&_count=5`)
    )
  );

  const taskKeys = filled.tasks
    .filter((r) => r.resourceType === 'Task')
    .map((r) => resourceKey('Task', r.id ?? ''));
  const localChange = (target: DexieReplicaStore) => (i: number) =>
    target.transaction(async (tx) => {
      const key = taskKeys[i % taskKeys.length] ?? '';
      const record = await tx.getResource(key);
      if (!record) throw new Error(`missing ${key}`);
      const resource = {
        ...(record.resource as Task),
        status: 'in-progress' as const,
        owner: { reference: owner },
      };
      await tx.putResource({ ...record, resource, pending: record.pending + 1 });
      await tx.addOutbox(outboxEntry(key, 'Claim Task'));
    });
  timings.push(
    await measure(
      'local change: update a task + add an outbox entry (strict durability)',
      options.runs,
      localChange(store)
    )
  );
  const relaxed = new DexieReplicaStore({ name: NAME, durability: 'relaxed' });
  timings.push(
    await measure('local change, relaxed durability (for comparison)', options.runs, localChange(relaxed))
  );
  relaxed.close();
  store.close();
  await new DexieReplicaStore({ name: NAME }).db.delete();
  return {
    fill: { records: filled.records, ms: filled.ms },
    owner,
    openTasksOfOwner: open,
    firstQueryAfterReopenMs,
    timings,
  };
}
