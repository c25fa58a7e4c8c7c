/**
 * Budgets of the `npm start` host with durable writes on (every write fsynced to the journal before
 * its answer), the host running in its own process as `npm start` runs it:
 * - My Tasks search, 20 concurrent clients for 20 s, while one writer keeps writing:
 *   ≥ 1,000 requests/s, p99 ≤ 60 ms;
 * - 1,000 small writes from 20 concurrent writers, and 1,000 sent all at once: p99 ≤ 50 ms;
 * - restart with 100,000 resources (from the snapshot; and after a kill -9 with a journal to replay):
 *   ≤ 2 s to listening; and the first search after it, which parses the Tasks it reads.
 * - the benchmark seed (10,000 tasks, 2,000 patients) builds in ≤ 1 s.
 * Run with `npx tsx bench/server-load.bench.ts` (SECONDS=20 by default).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildLargeTaskSeed } from '../mocks/seed/large';
import { signInByApi } from '../tests/fixtures/api-sign-in';
import * as server from './server-host';
import {
  agent,
  call,
  cpuMs,
  kill,
  ms,
  percentile,
  smallWrite,
  timedWrites,
  writeLargeDataFile,
} from './server-host';

const SECONDS = Number(process.env.SECONDS ?? 20);
const CLIENTS = 20;
const dir = mkdtempSync(join(tmpdir(), 'carequeue-load-'));
const startHost = (dataFile: string, reset = false): Promise<server.Host> =>
  server.startHost(dataFile, { reset, dist: dir });

// ---- Building the benchmark seed ----
{
  const builds: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    buildLargeTaskSeed({ tasks: 10_000, patients: 2_000, now: new Date() });
    builds.push(performance.now() - started);
  }
  console.log(
    `benchmark seed, 10,000 tasks for 2,000 patients: median ${ms(percentile(builds, 0.5))} ` +
      `of ${builds.length} builds (budget 1 s)`
  );
}

// ---- My Tasks under load, and small writes, on the demo data ----
const demoFile = join(dir, 'demo.json');
const demo = await startHost(demoFile, true);
const session = await signInByApi(demo.url, 'doctor@example.com');
const token = session.accessToken;
const myTasks =
  `/fhir/R4/Task?owner=${encodeURIComponent(session.profile)}&status:not=completed` +
  '&_sort=-priority-order,due-date&_count=20';
const check = await call(demo.port, 'GET', myTasks, token);
if (check !== 200) throw new Error(`My Tasks answered ${check}`);

const searchLatencies: number[] = [];
const writeLatencies: number[] = [];
let backgroundWrites = 0;
let running = true;
const until = performance.now() + SECONDS * 1000;
const searcher = async (): Promise<void> => {
  while (performance.now() < until) {
    const started = performance.now();
    const status = await call(demo.port, 'GET', myTasks, token);
    if (status !== 200) throw new Error(`My Tasks answered ${status}`);
    searchLatencies.push(performance.now() - started);
  }
};
const backgroundWriter = async (): Promise<void> => {
  while (running) {
    const started = performance.now();
    await call(demo.port, 'POST', '/fhir/R4/Patient', token, smallWrite(backgroundWrites));
    writeLatencies.push(performance.now() - started);
    backgroundWrites++;
  }
};
const loadStarted = performance.now();
const cpuBefore = cpuMs(demo);
const writerDone = backgroundWriter();
await Promise.all(Array.from({ length: CLIENTS }, searcher));
const loadSeconds = (performance.now() - loadStarted) / 1000;
running = false;
await writerDone;
const cpuPerRequest = (cpuMs(demo) - cpuBefore) / (searchLatencies.length + backgroundWrites);
console.log(
  `My Tasks, ${CLIENTS} clients for ${SECONDS} s with a writer beside them: ` +
    `${Math.round(searchLatencies.length / loadSeconds)} req/s, ` +
    `p50 ${ms(percentile(searchLatencies, 0.5))}, p99 ${ms(percentile(searchLatencies, 0.99))} ` +
    `(budget ≥ 1,000 req/s, p99 ≤ 60 ms); ${backgroundWrites} durable writes meanwhile ` +
    `(p50 ${ms(percentile(writeLatencies, 0.5))}, p99 ${ms(percentile(writeLatencies, 0.99))}); ` +
    `host CPU ${cpuPerRequest.toFixed(2)} ms per request (${Math.round(1000 / cpuPerRequest)} req/s per free core)`
);

const writeCpuBefore = cpuMs(demo);
const concurrentWrites = await timedWrites(demo.port, token, 1000, CLIENTS);
const writeCpu = (cpuMs(demo) - writeCpuBefore) / 1000;
console.log(
  `1,000 small writes, ${CLIENTS} writers: p50 ${ms(percentile(concurrentWrites, 0.5))}, ` +
    `p99 ${ms(percentile(concurrentWrites, 0.99))} (budget p99 ≤ 50 ms); host CPU ${writeCpu.toFixed(2)} ms per write`
);
const burst = await timedWrites(demo.port, token, 1000, 1000);
console.log(
  `1,000 small writes sent at once: p50 ${ms(percentile(burst, 0.5))}, p99 ${ms(percentile(burst, 0.99))}`
);
await kill(demo);

// ---- Restart with 100,000 resources ----
const bigFile = join(dir, 'big.json');
{
  const count = await writeLargeDataFile(bigFile);
  console.log(
    `data file: ${count.toLocaleString('en')} resources, ${(statSync(bigFile).size / 1e6).toFixed(0)} MB`
  );
}
const fromSnapshot = await startHost(bigFile);
console.log(
  `restart from the snapshot: ${Math.round(fromSnapshot.startMs)} ms to listening (budget 2,000 ms), ` +
    `host CPU ${cpuMs(fromSnapshot)} ms`
);
const bigSession = await signInByApi(fromSnapshot.url, 'doctor@example.com');
const bigToken = bigSession.accessToken;
{
  // Resources are parsed from the snapshot when first read: the first search of a type pays for it.
  const bigMyTasks = myTasks.replace(
    encodeURIComponent(session.profile),
    encodeURIComponent(bigSession.profile)
  );
  const firstStarted = performance.now();
  const firstStatus = await call(fromSnapshot.port, 'GET', bigMyTasks, bigToken);
  const firstMs = performance.now() - firstStarted;
  const secondStarted = performance.now();
  await call(fromSnapshot.port, 'GET', bigMyTasks, bigToken);
  console.log(
    `after that restart, the first My Tasks search (${firstStatus}): ${Math.round(firstMs)} ms ` +
      `(reads and indexes the Tasks); the next: ${ms(performance.now() - secondStarted)}`
  );
}
await timedWrites(fromSnapshot.port, bigToken, 5000, CLIENTS);
await kill(fromSnapshot);
const afterCrash = await startHost(bigFile);
console.log(
  `restart after kill -9, replaying 5,000 journalled writes: ${Math.round(afterCrash.startMs)} ms to listening, ` +
    `host CPU ${cpuMs(afterCrash)} ms`
);
await kill(afterCrash);
agent.destroy();
rmSync(dir, { recursive: true, force: true });
