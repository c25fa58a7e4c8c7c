/**
 * Replica budget: 10,000 tasks and 2,000 patients in IndexedDB; the first page (20) of My Tasks has
 * a median of at most 30 ms. Also times the other queues and one local change (update a task and
 * add an outbox entry in one transaction).
 *
 * Run with `npx tsx bench/replica.bench.ts` (RUNS, TASKS, PATIENTS override the defaults). It serves
 * bench/replica-page.ts with Vite and runs it in headless Chromium (/usr/bin/chromium or CHROMIUM_PATH).
 */
import { chromium } from 'playwright-core';
import { createServer, type Plugin } from 'vite';
import type { ReplicaBenchOptions, ReplicaBenchResult } from './replica-page';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium';

const options: ReplicaBenchOptions = {
  tasks: Number(process.env.TASKS ?? 10_000),
  patients: Number(process.env.PATIENTS ?? 2_000),
  runs: Number(process.env.RUNS ?? 50),
};
const BUDGET_MS = 30;
const PAGE_PATH = '/__replica-bench';

type BenchWindow = Window & {
  runReplicaBench?: (options: ReplicaBenchOptions) => Promise<ReplicaBenchResult>;
};

/** A blank page that loads the bench module and hands its entry point to Node. */
const benchPage: Plugin = {
  name: 'replica-bench-page',
  configureServer(server) {
    server.middlewares.use(PAGE_PATH, (_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(
        '<!doctype html><script type="module">' +
          "import { runReplicaBench } from '/bench/replica-page.ts'; window.runReplicaBench = runReplicaBench;" +
          '</script>'
      );
    });
  },
};

const server = await createServer({
  configFile: false,
  root: process.cwd(),
  logLevel: 'warn',
  plugins: [benchPage],
  server: { port: 0, host: '127.0.0.1' },
  optimizeDeps: { include: ['dexie'], noDiscovery: true },
});
await server.listen();
const address = server.httpServer?.address();
const port = typeof address === 'object' && address ? address.port : 0;
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_FLAGS,
});
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`http://127.0.0.1:${port}${PAGE_PATH}`);
  await page.waitForFunction(() => typeof (window as BenchWindow).runReplicaBench === 'function', undefined, {
    timeout: 60_000,
  });
  const result = await page.evaluate(async (given) => {
    const run = (window as BenchWindow).runReplicaBench;
    if (!run) throw new Error('the bench page did not load');
    return run(given);
  }, options);
  report(result);
} finally {
  await browser.close();
  await server.close();
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
