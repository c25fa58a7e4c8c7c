/**
 * Replica budget: 10,000 tasks and 2,000 patients in IndexedDB; the first page (20) of My Tasks has
 * a median of at most 30 ms. Also times the other queues and one local change (update a task and
 * add an outbox entry in one transaction).
 *
 * Run with `npx tsx bench/replica.bench.ts` (RUNS, TASKS, PATIENTS override the defaults). It serves
 * bench/replica-page.ts with Vite and runs it in headless Chromium (/usr/bin/chromium or CHROMIUM_PATH).
 */
import { callInPage, openBenchModule } from './browser-module';
import type * as ReplicaPage from './replica-page';
import type { ReplicaBenchOptions, ReplicaBenchResult } from './replica-page';

const options: ReplicaBenchOptions = {
  tasks: Number(process.env.TASKS ?? 10_000),
  patients: Number(process.env.PATIENTS ?? 2_000),
  runs: Number(process.env.RUNS ?? 50),
};
const BUDGET_MS = 30;
const bench = await openBenchModule('/bench/replica-page.ts', { optimize: ['dexie'], timeoutMs: 60_000 });
try {
  report(await callInPage<typeof ReplicaPage, 'runReplicaBench'>(bench.page, 'runReplicaBench', options));
} finally {
  await bench.close();
}

function report(result: ReplicaBenchResult): void {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(
    `Replica in IndexedDB, headless Chromium: ${options.tasks} tasks, ${options.patients} patients`
  );
  console.log(
    `fill: ${result.fill.records} records in ${(result.fill.ms / 1000).toFixed(1)} s (pages of 500 per transaction)`
  );
  console.log(`My Tasks owner ${result.owner}: ${result.openTasksOfOwner} open tasks`);
  console.log(
    `My Tasks first page, first query after reopening the database: ${ms(result.firstQueryAfterReopenMs)}`
  );
  for (const timing of result.timings) {
    console.log(
      `${timing.label}\n  median ${ms(timing.median)}, p95 ${ms(timing.p95)} (${timing.runs} runs)`
    );
  }
  const myTasks = result.timings[0];
  if (myTasks) {
    const verdict = myTasks.median <= BUDGET_MS ? 'within' : 'OVER';
    console.log(
      `budget: My Tasks first page median ${ms(myTasks.median)} is ${verdict} the ${BUDGET_MS} ms budget`
    );
  }
}
