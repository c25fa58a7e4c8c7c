/**
 * The sync engine for real: headless Chromium, the replica in IndexedDB (DexieReplicaStore), the fake
 * FHIR server over HTTP on localhost. Budgets:
 * - the first full sync of 10,000 tasks and their patients (≤ 3 s, median of FIRST_SYNC_RUNS);
 * - 1,000 changes queued offline over ~100 tasks, replayed once online (≤ 5 s, median of REPLAY_RUNS);
 * - one local change: applyChange until durable (median of LOCAL_RUNS).
 *
 * Run with `npx tsx bench/sync-browser.bench.ts` (TASKS, PATIENTS, FIRST_SYNC_RUNS, REPLAY_RUNS,
 * CHANGES, LOCAL_RUNS override the defaults; DELAY=300 answers each API request 300 ms late, as a
 * tablet's network would). The fake server runs in this process; a Vite dev server
 * serves bench/sync-page.ts and forwards the API paths to it, so the page and the API share one origin.
 * Chromium is /usr/bin/chromium or CHROMIUM_PATH. PROFILE=file.cpuprofile writes the page's CPU
 * profile of the last first sync, REPLAY_PROFILE=file.cpuprofile that of the last replay's sending.
 * The page's JS heap (where the engine runs here; the app runs it in a worker) is read after each
 * first sync and replay, as used and as left after a garbage collection (budget ≤ 150 MB).
 */
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startHttpHost, type HttpHost } from '../mocks/http/host';
import { buildLargeTaskSeed, buildSeed, MAIN_PROJECT_ID } from '../mocks/seed';
import type * as SyncPage from './sync-page';
import { callInPage, openBenchModule, type BenchModulePage } from './browser-module';
import { delayingProxy, type Proxy } from './delay-proxy';
import { median } from './stats';

const TASKS = Number(process.env.TASKS ?? 10_000);
const PATIENTS = Number(process.env.PATIENTS ?? 2_000);
const FIRST_SYNC_RUNS = Number(process.env.FIRST_SYNC_RUNS ?? 3);
const REPLAY_RUNS = Number(process.env.REPLAY_RUNS ?? 3);
const CHANGES = Number(process.env.CHANGES ?? 1_000);
const REPLAY_TASKS = 100;
const LOCAL_RUNS = Number(process.env.LOCAL_RUNS ?? 50);
const EMAIL = 'doctor@example.com';
/** A file to write the page's CPU profile of the last first sync to (open it in DevTools). */
const PROFILE = process.env.PROFILE;
/** A file to write the page's CPU profile of the last replay to. */
const REPLAY_PROFILE = process.env.REPLAY_PROFILE;
const API_PATHS = ['/fhir', '/auth', '/oauth2'];
/** Each API answer this many ms late (a tablet's network), through the delaying proxy; 0 = direct. */
const DELAY = Number(process.env.DELAY ?? 0);

/** The heap the sync engine may hold on a tablet, in MB. */
const HEAP_BUDGET_MB = 150;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${ms.toFixed(2)} ms`;
const within = (value: number, budget: number) => (value <= budget ? 'within' : 'OVER');
const requestsText = (requests: Record<string, number>) =>
  Object.entries(requests)
    .map(([method, count]) => `${count} ${method}`)
    .join(', ') || 'none';

async function main(): Promise<void> {
  const demo = buildSeed();
  const large = buildLargeTaskSeed({ tasks: TASKS, patients: PATIENTS });
  const seed = { ...demo, resources: [...demo.resources, ...large] };
  const inMain = (type: string) =>
    seed.resources.filter((r) => r.projectId === MAIN_PROJECT_ID && r.resource.resourceType === type).length;
  const serverTasks = inMain('Task');
  const serverPatients = inMain('Patient');
  const allTasksCap = serverTasks + 1_000;

  let host: HttpHost | undefined;
  let bench: BenchModulePage | undefined;
  let proxy: Proxy | undefined;
  try {
    host = await startHttpHost({ port: 0, seed });
    proxy = DELAY > 0 ? await delayingProxy(host.url, DELAY) : undefined;
    const apiOrigin = new URL(proxy?.url ?? host.url);
    apiOrigin.hostname = '127.0.0.1';
    bench = await openBenchModule('/bench/sync-page.ts', {
      optimize: ['dexie', 'fast-json-patch'],
      proxy: Object.fromEntries(API_PATHS.map((path) => [path, apiOrigin.origin])),
    });
    const page = bench.page;
    const cdp = await page.context().newCDPSession(page);
    /** The page's JS heap in MB as it is, and what a garbage collection leaves of it. */
    const heap = async (): Promise<{ used: number; kept: number }> => {
      const mb = async () => (await cdp.send('Runtime.getHeapUsage')).usedSize / 2 ** 20;
      const used = await mb();
      await cdp.send('HeapProfiler.collectGarbage');
      return { used, kept: await mb() };
    };
    const heapText = ({ used, kept }: { used: number; kept: number }) =>
      `page heap ${used.toFixed(0)} MB, ${kept.toFixed(0)} MB after a GC`;
    const heaps: number[] = [];

    console.log(
      `Sync engine in headless Chromium, replica in IndexedDB, fake server over HTTP on localhost\n` +
        `${DELAY > 0 ? `each API answer ${DELAY} ms late (delaying proxy)\n` : ''}` +
        `server: main project ${serverTasks} tasks, ${serverPatients} patients ` +
        `(demo seed + ${TASKS} tasks / ${PATIENTS} patients); signed in as ${EMAIL}, allTasksCap ${allTasksCap}`
    );
    const signedIn = await call(page, 'signIn', EMAIL, allTasksCap);
    console.log(`sign-in: ${signedIn.profile} in ${millis(signedIn.ms)}`);

    const syncs: SyncPage.FirstSyncResult[] = [];
    for (let run = 1; run <= FIRST_SYNC_RUNS; run++) {
      const profiler =
        PROFILE && run === FIRST_SYNC_RUNS ? await page.context().newCDPSession(page) : undefined;
      await profiler?.send('Profiler.enable');
      await profiler?.send('Profiler.start');
      const result = await call(page, 'firstSync');
      if (profiler && PROFILE) {
        writeFileSync(PROFILE, JSON.stringify((await profiler.send('Profiler.stop')).profile));
        console.log(`  CPU profile of this run: ${PROFILE}`);
      }
      syncs.push(result);
      const after = await heap();
      heaps.push(after.used);
      console.log(
        `  first sync ${run}/${FIRST_SYNC_RUNS}: ${seconds(result.ms)} — ${result.tasks} tasks, ` +
          `${result.patients} patients, ${result.records} records in the replica; ` +
          `${seconds(result.replicaMs)} in ${result.transactions} replica transactions, ` +
          `${seconds(result.ms - result.replicaMs)} outside them; ` +
          `requests ${requestsText(result.requests)}; ${heapText(after)}`
      );
    }
    const syncMedian = median(syncs.map((s) => s.ms));
    const last = syncs[syncs.length - 1];
    console.log(
      `1. first full sync into IndexedDB: median ${seconds(syncMedian)} of ${syncs.length} [budget ≤ 3 s: ` +
        `${within(syncMedian, 3_000)}]; replica afterwards: ${last?.tasks} of ${serverTasks} tasks, ` +
        `${last?.patients} of ${serverPatients} patients`
    );

    const replays: SyncPage.ReplayResult[] = [];
    for (let run = 1; run <= REPLAY_RUNS; run++) {
      const profiled = REPLAY_PROFILE && run === REPLAY_RUNS ? REPLAY_PROFILE : undefined;
      const profiler = profiled ? await page.context().newCDPSession(page) : undefined;
      await profiler?.send('Profiler.enable');
      await profiler?.send('Profiler.start');
      const result = await call(page, 'replay', { changes: CHANGES, tasks: REPLAY_TASKS });
      if (profiler && profiled) {
        writeFileSync(profiled, JSON.stringify((await profiler.send('Profiler.stop')).profile));
        console.log(`  CPU profile of this run (queuing and sending): ${profiled}`);
      }
      replays.push(result);
      const after = await heap();
      heaps.push(after.used);
      const { status } = result;
      console.log(
        `  replay ${run}/${REPLAY_RUNS}: ${result.pendingBefore} pending over ${result.tasks} tasks ` +
          `queued offline in ${seconds(result.queueMs)} (${result.requestsWhileOffline} requests tried; ` +
          `applyChange median ${millis(result.queueFirst.median)} for the first 100, ` +
          `${millis(result.queueLast.median)} for the last 100; refreshStatus with all pending ` +
          `${millis(result.refreshStatusMs)}), sent in ${seconds(result.ms)} ` +
          `(${result.rounds} syncNow; ${seconds(result.replicaMs)} in ${result.transactions} replica ` +
          `transactions) — pending ${status.pending}, conflicts ${status.conflicts}, ` +
          `failed ${status.failed}; requests ${requestsText(result.requests)}; ${heapText(after)}`
      );
    }
    const replayMedian = median(replays.map((r) => r.ms));
    const end = replays[replays.length - 1]?.status;
    console.log(
      `2. replay of ${CHANGES} queued changes: median ${seconds(replayMedian)} of ${replays.length} ` +
        `[budget ≤ 5 s: ${within(replayMedian, 5_000)}]; at the end pending ${end?.pending}, ` +
        `conflicts ${end?.conflicts}, failed ${end?.failed}`
    );

    const most = Math.max(...heaps);
    console.log(
      `   page heap after a first sync or replay: at most ${most.toFixed(0)} MB [budget ≤ ${HEAP_BUDGET_MB} MB: ` +
        `${within(most, HEAP_BUDGET_MB)}]`
    );

    const local = await call(page, 'localChange', LOCAL_RUNS);
    console.log(
      `3. one local change (applyChange, strict durability, replica of ${local.replicaTasks} tasks): ` +
        `median ${millis(local.median)}, p95 ${millis(local.p95)}, min ${millis(local.min)}, ` +
        `max ${millis(local.max)} (${local.runs} runs)`
    );
    await call(page, 'cleanup');

    const failures = [
      ...syncs.filter((s) => s.tasks === 0).map(() => 'a first sync stored no tasks'),
      ...replays.filter((r) => r.status.pending > 0).map(() => 'a replay left changes pending'),
    ];
    if (failures.length > 0) throw new Error(failures.join('; '));
  } finally {
    await bench?.close();
    await proxy?.close();
    await host?.close();
  }
}

/** Runs one exported phase of the bench page. */
const call = <K extends PhaseName>(page: Page, name: K, ...args: Parameters<(typeof SyncPage)[K]>) =>
  // The two spellings of the argument list are the same type; the compiler cannot see it through K.
  callInPage<typeof SyncPage, K>(page, name, ...(args as never));

type PhaseName = {
  [K in keyof typeof SyncPage]: (typeof SyncPage)[K] extends (...args: never[]) => Promise<unknown>
    ? K
    : never;
}[keyof typeof SyncPage];

try {
  await main();
} catch (error) {
  console.error(
    'sync browser bench failed:',
    error instanceof Error ? (error.stack ?? error.message) : error
  );
  process.exitCode = 1;
}
