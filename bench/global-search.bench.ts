/**
 * Global search budget: a keystroke in the header search to its results, offline over a replica of
 * 2,000 patients (and 10,000 tasks), including the 100 ms debounce: patients whose name contains the
 * query or whose identifier is the query, ranked, five at most, through the local query engine.
 * Run with `npx tsx bench/global-search.bench.ts` (RUNS, PATIENTS).
 */
import type { Resource } from '@medplum/fhirtypes';
import { listSearchParameters } from '../mocks/engine/search';
import { buildLargeTaskSeed } from '../mocks/seed';
import { serverRecords } from '../src/db/derive';
import { MemoryReplicaStore } from '../src/db/memory-replica';
import {
  createRecordReader,
  SEARCH_PARAMETERS_META_KEY,
  type CachedSearchParameters,
} from '../src/sync/local-query';
import type { ReplicaReader } from '../src/ui/replica/reader';
import { GLOBAL_SEARCH_DEBOUNCE_MS, globalSearch } from '../src/ui/global-search/search';
import { storeReader } from '../src/ui/replica/memory-reader';
import { summarize } from './stats';

const RUNS = Number(process.env.RUNS ?? 40);
const PATIENTS = Number(process.env.PATIENTS ?? 2_000);
const BUDGET_MS = 150;

const resources: Resource[] = buildLargeTaskSeed({
  tasks: 10_000,
  patients: PATIENTS,
  now: new Date('2025-01-01'),
})
  .map((entry) => entry.resource)
  .filter((r) => r.resourceType === 'Task' || r.resourceType === 'Patient');

const bases = ['Task', 'Patient', 'ServiceRequest'];
const definitions: CachedSearchParameters = {
  fetchedAt: new Date().toISOString(),
  bases,
  parameters: listSearchParameters().filter((sp) => sp.base?.some((base) => bases.includes(base))),
};

const store = new MemoryReplicaStore();
await store.transaction(async (tx) => {
  await tx.putMeta(SEARCH_PARAMETERS_META_KEY, definitions);
});
const memory = storeReader(store);
const records = serverRecords(resources);
const listing = createRecordReader(records);

/**
 * The replica's search reads as the browser's IndexedDB reader gives them: every read returns fresh
 * objects (as a structured clone from IndexedDB does), so no extracted value survives between
 * keystrokes. The in-memory store's own listing clones all 12,000 records per read, which the
 * browser never does; it is bypassed.
 */
const reader: ReplicaReader = {
  ...memory,
  search: {
    listResources: async (type, conditions) => structuredClone(await listing.listResources(type, conditions)),
    getResources: async (keys) => structuredClone(await listing.getResources(keys)),
    distinctValues: (type, field) => listing.distinctValues(type, field),
    queuePage: async (read) => structuredClone(await listing.queuePage(read)),
  },
};

// Queries a user types: the start of a family name, a given name, a fragment inside a name.
const patients = resources.filter((r) => r.resourceType === 'Patient') as {
  name?: { family?: string; given?: string[] }[];
}[];
const queries = patients.slice(0, RUNS).map((patient, index) => {
  const name = patient.name?.[0];
  const text =
    index % 3 === 0
      ? (name?.family ?? '')
      : index % 3 === 1
        ? (name?.given?.[0] ?? '')
        : (name?.family ?? '').slice(1, 4);
  return text.slice(0, Math.max(3, Math.min(text.length, 5)));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

await globalSearch(reader, 'warm');
const total: number[] = [];
const search: number[] = [];
let found = 0;
for (const query of queries) {
  const keystroke = performance.now();
  await sleep(GLOBAL_SEARCH_DEBOUNCE_MS);
  const started = performance.now();
  const results = await globalSearch(reader, query);
  const done = performance.now();
  found += results.patients.length;
  search.push(done - started);
  total.push(done - keystroke);
}

const line = (label: string, times: number[]) => {
  const { median, p95, runs } = summarize(times);
  return `${label}: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${runs} runs)`;
};
console.log(
  `${PATIENTS} patients in the replica; ${(found / queries.length).toFixed(1)} results per query on average`
);
console.log(line('  search and rank', search));
console.log(line(`  keystroke to results, with the ${GLOBAL_SEARCH_DEBOUNCE_MS} ms debounce`, total));
console.log(`  budget ${BUDGET_MS} ms: ${summarize(total).median <= BUDGET_MS ? 'met' : 'NOT met'} (median)`);
