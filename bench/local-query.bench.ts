/**
 * Local query engine budget: 10,000 tasks and 2,000 patients in memory, the My Tasks first page and a
 * state queue, answered the way the task screens and the sync worker answer them.
 * Run with `npx tsx bench/local-query.bench.ts`.
 */
import type { Resource } from '@medplum/fhirtypes';
import { listSearchParameters } from '../mocks/engine/search';
import { ALICE_SMITH_ID, buildLargeTaskSeed } from '../mocks/seed';
import { serverRecords } from '../src/db/derive';
import type { StoredResource } from '../src/db/types';
import { createLocalQueryEngine, createRecordReader, QUEUE_SEARCH_BASES } from '../src/sync/local-query';
import { myTasks, stateQueue } from '../src/fhir/task-queues';
import { summarize } from './stats';

const TASKS = 10_000;
const PATIENTS = 2_000;
const RUNS = 200;
const COLD_RUNS = 30;
const WARMUP = 20;

const resources: Resource[] = buildLargeTaskSeed({
  tasks: TASKS,
  patients: PATIENTS,
  now: new Date('2025-01-01'),
})
  .map((entry) => entry.resource)
  .filter((r) => r.resourceType === 'Task' || r.resourceType === 'Patient');

// The definitions the sync engine caches: only the bases the queues use.
const bases = new Set(QUEUE_SEARCH_BASES);
const definitions = listSearchParameters().filter((sp) => sp.base?.some((b) => bases.has(b)));
const engine = createLocalQueryEngine({ definitions });

function records(list: readonly Resource[]): StoredResource[] {
  return serverRecords(list);
}

function report(label: string, times: number[]): void {
  const { median, p95, runs } = summarize(times);
  console.log(`${label}\n  median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (${runs} runs)`);
}

async function time(runs: number, run: () => unknown, prepare?: () => void): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    prepare?.();
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

const queries: [string, URLSearchParams][] = [
  ['My Tasks, first page', myTasks(`Practitioner/${ALICE_SMITH_ID}`)],
  ['NY state queue, first page', stateQueue('NY')],
];

console.log(`${TASKS} tasks, ${PATIENTS} patients, ${definitions.length} search parameters`);
const source = engine.createSource(resources);
const reader = createRecordReader(records(resources));
for (const [name, params] of queries) {
  const found = engine.search(source, 'Task', params);
  console.log(`\n${name}: ${found.resources.length} of ${found.total}`);

  // Fresh objects every run, as when the list is read again from IndexedDB: nothing is cached.
  let fresh: Resource[] = [];
  report(
    '  in memory, fresh objects (values extracted on every run)',
    await time(
      COLD_RUNS,
      () => engine.search(fresh, 'Task', params),
      () => (fresh = structuredClone(resources))
    )
  );

  await time(WARMUP, () => engine.search(source, 'Task', params));
  report(
    '  in memory, same objects (values cached)',
    await time(RUNS, () => engine.search(source, 'Task', params))
  );

  await time(WARMUP, () => engine.searchReplica(reader, 'Task', params));
  report(
    '  over replica records, narrowed by queue fields (in-memory reader)',
    await time(RUNS, () => engine.searchReplica(reader, 'Task', params))
  );
}
