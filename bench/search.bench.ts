/**
 * Search engine budget: 10,000 tasks and 2,000 patients, the two queue queries.
 * Run with `npx tsx bench/search.bench.ts`.
 */
import type { Patient, Practitioner, Resource, Task } from '@medplum/fhirtypes';
import { createProjectSearchEngine } from '../mocks/engine/search';
import type { SearchableStore } from '../mocks/engine/types';
import { summarize } from './stats';

const TASKS = 10_000;
const PATIENTS = 2_000;
const PRACTITIONERS = 10;
const RUNS = 200;
const WARMUP = 20;

/** A small deterministic generator (mulberry32) so runs are comparable. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = rng(42);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

class MapStore implements SearchableStore {
  readonly types = new Map<string, Map<string, Resource>>();
  put(r: Resource): void {
    let m = this.types.get(r.resourceType);
    if (!m) this.types.set(r.resourceType, (m = new Map()));
    m.set(r.id ?? '', r);
  }
  resourcesOfType(resourceType: string): Iterable<Resource> {
    return this.types.get(resourceType)?.values() ?? [];
  }
  get(resourceType: string, id: string): Resource | undefined {
    return this.types.get(resourceType)?.get(id);
  }
}

function generate(store: MapStore): void {
  const states = ['NY', 'CA', 'TX'];
  for (let i = 0; i < PRACTITIONERS; i++) {
    const p: Practitioner = { resourceType: 'Practitioner', id: `pr${i}`, name: [{ family: `Doc${i}` }] };
    store.put(p);
  }
  for (let i = 0; i < PATIENTS; i++) {
    const p: Patient = {
      resourceType: 'Patient',
      id: `pt${i}`,
      meta: { versionId: '1', lastUpdated: '2024-01-01T00:00:00Z' },
      name: [{ family: `Family${i}`, given: [`Given${i}`] }],
      address: [{ city: 'Somewhere', state: pick(states) }],
    };
    store.put(p);
  }
  const statuses: Task['status'][] = [
    'requested',
    'ready',
    'in-progress',
    'on-hold',
    'completed',
    'cancelled',
  ];
  const priorities: Task['priority'][] = ['routine', 'urgent', 'asap', 'stat'];
  const day = 86_400_000;
  const base = Date.UTC(2024, 0, 1);
  for (let i = 0; i < TASKS; i++) {
    const due = new Date(base + Math.floor(random() * 120) * day).toISOString();
    const t: Task = {
      resourceType: 'Task',
      id: `t${i}`,
      meta: { versionId: '1', lastUpdated: due },
      status: pick(statuses) ?? 'ready',
      intent: 'order',
      priority: pick(priorities),
      code: {
        coding: [
          { system: 'http://example.org/task-type', code: pick(['review', 'call', 'refill', 'message']) },
        ],
      },
      for: { reference: `Patient/pt${Math.floor(random() * PATIENTS)}` },
      owner: { reference: `Practitioner/pr${Math.floor(random() * PRACTITIONERS)}` },
      restriction: random() < 0.9 ? { period: { end: due, start: due } } : undefined,
    };
    store.put(t);
  }
}

function measure(label: string, run: () => void): void {
  for (let i = 0; i < WARMUP; i++) run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  const { median, p95 } = summarize(times);
  console.log(`${label}\n  median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (${RUNS} runs)`);
}

const store = new MapStore();
generate(store);
const engine = createProjectSearchEngine(store);
const queue = 'owner=Practitioner/pr3&status:not=completed&_sort=-priority-order,due-date&_count=20';
const chained = `${queue}&patient.address-state=NY`;

const t0 = performance.now();
const first = engine.search('Task', new URLSearchParams(queue));
const firstMs = performance.now() - t0;
console.log(`${TASKS} tasks, ${PATIENTS} patients, ${PRACTITIONERS} owners`);
console.log(
  `first query (registry load + index build): ${firstMs.toFixed(1)} ms; index build ${engine.indexBuildMs().toFixed(1)} ms; total matches ${first.total}`
);
measure(`Task?${queue}`, () => engine.search('Task', new URLSearchParams(queue)));
const second = engine.search('Task', new URLSearchParams(chained));
console.log(`chained total matches ${second.total}; index build now ${engine.indexBuildMs().toFixed(1)} ms`);
measure(`Task?${chained}`, () => engine.search('Task', new URLSearchParams(chained)));
