/**
 * Search control budget: a filter change to the updated rows over 10,000 replica tasks (and 2,000
 * patients), as the list answers offline: the URL's search formatted from the control's filters, then
 * the local query engine over the replica's records (`searchReplica`, records read once, in Node)
 * for the new page. The Dexie read of the same search in Chromium is bench/replica.bench.ts.
 * Budget 100 ms median. Run with `npx tsx bench/list-filter.bench.ts`.
 */
import type { Resource } from '@medplum/fhirtypes';
import { listSearchParameters } from '../mocks/engine/search';
import { buildLargeTaskSeed } from '../mocks/seed';
import { MemoryReplicaStore } from '../src/db/memory-replica';
import { acceptServerVersion } from '../src/sync/engine/record';
import { createRecordReader, QUEUE_SEARCH_BASES, writeSearchParameters } from '../src/sync/local-query';
import {
  formatListSearch,
  type ListFilter,
  type ListSearch,
} from '../src/features/console/list/search-request';
import { searchReplica } from '../src/ui/replica/search';
import { storeReader } from '../src/ui/replica/memory-reader';
import { summarize } from './stats';

const TASKS = 10_000;
const PATIENTS = 2_000;
const ROUNDS = 5;

const resources: Resource[] = buildLargeTaskSeed({
  tasks: TASKS,
  patients: PATIENTS,
  now: new Date('2025-01-01'),
})
  .map((entry) => entry.resource)
  .filter((r) => r.resourceType === 'Task' || r.resourceType === 'Patient');

const replica = new MemoryReplicaStore();
const bases = new Set(QUEUE_SEARCH_BASES);
await replica.transaction(async (tx) => {
  for (const resource of resources) await acceptServerVersion(tx, resource);
  await writeSearchParameters(
    tx,
    listSearchParameters().filter((sp) => sp.base?.some((b) => bases.has(b))),
    { fetchedAt: new Date().toISOString() }
  );
});
// The records read once, as IndexedDB holds them: the test replica's reader copies every record on
// each search, which no screen of the app does.
const reader = { ...storeReader(replica), search: createRecordReader(replica.records()) };

/** The filter changes a user makes one after another in the Filters dialog. */
const steps: ListFilter[][] = [
  [{ code: 'status', operator: 'eq', value: 'ready' }],
  [{ code: 'status', operator: 'not', value: 'completed' }],
  [{ code: 'priority', operator: 'eq', value: 'urgent' }],
  [
    { code: 'priority', operator: 'eq', value: 'urgent' },
    { code: 'status', operator: 'eq', value: 'in-progress' },
  ],
  [{ code: '_lastUpdated', operator: 'ge', value: '2024-06-01' }],
  [],
];

const base: ListSearch = {
  filters: [],
  sort: [{ code: '_lastUpdated', descending: true }],
  offset: 0,
  count: 20,
  other: [],
};
const times: number[] = [];
let rows = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const filters of steps) {
    const started = performance.now();
    const query = formatListSearch({ ...base, filters });
    const found = await searchReplica(reader, 'Task', query.toString());
    times.push(performance.now() - started);
    if (found.status === 'ready') rows += found.records.length;
  }
}
steps.forEach((filters, i) => {
  const own = times.filter((_, n) => n % steps.length === i);
  const label = decodeURIComponent(formatListSearch({ ...base, filters }).toString());
  console.log(`  ${label}: median ${summarize(own).median.toFixed(1)} ms`);
});
const { median, p95, runs } = summarize(times);
console.log(
  `${TASKS} tasks, ${PATIENTS} patients; ${steps.length} filter changes × ${ROUNDS} rounds (${rows} rows read)`
);
console.log(
  `filter change to updated rows (replica, in memory): median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${runs} runs)`
);
console.log('budget: 100 ms median');
