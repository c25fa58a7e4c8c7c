/**
 * The app on a tablet's slower CPU: the built app in Debian's Chromium with the page's CPU slowed
 * CPU times (4 unless told; the DevTools protocol's Emulation.setCPUThrottlingRate, the slowdown
 * Lighthouse uses for mobile), behind the proxy that answers API requests late. The sync worker's
 * thread is not slowed: the protocol slows the page's target only.
 *
 * 1. For each delay (0 and 300 ms per API answer), RUNS fresh tablets (empty replica, demo seed):
 *    sign-in click → first rows; open a task (the first time, then three times again from the
 *    list); a local change (Pause/Resume) → on screen; claim confirmed → on screen; another
 *    user's change → on screen; the page's long tasks (over 50 ms) during the first load and
 *    after it.
 * 2. A first load from a large server (demo seed + LARGE_TASKS tasks and LARGE_PATIENTS patients,
 *    no delay): the page's long tasks while it loads, and a tap during the load (the user menu
 *    opened) → drawn, repeated until the load ends.
 *
 * Budgets at 4× and 300 ms: first rows ≤ 1.5 s; claim ≤ 50 ms median; a local change ≤ 33 ms; open
 * a task ≤ 150 ms; another user's change ≤ 1 s. During the large first load: no long task over
 * 50 ms; a tap drawn within 100 ms.
 * Run `npm run build` first; `npx tsx bench/tablet.bench.ts` (CPU, RUNS, DELAYS, LARGE=0 to leave
 * the large load out, LARGE_TASKS, LARGE_PATIENTS, BENCH_PORT, DIST, PROFILE=1; with it PROFILE_FILE=f
 * writes the large load's CPU profile to f, for DevTools).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium';
import { startServer } from './app-host';
import { firstLoadDone, firstRow, watchFirstLoad } from './app-steps';
import { delayingProxy } from './delay-proxy';
import { writeLargeDataFile } from './server-host';
import { summarize } from './stats';
import { profileLines, summarizeProfile, type CpuProfile } from './cpu-profile';
import { longTasksSince, profiled, slowCpu, tablet, watchLongTasks, type TabletSteps } from './tablet-steps';

const PORT = Number(process.env.BENCH_PORT ?? 4393);
const HOST = `http://localhost:${PORT}/`;
const CPU = Number(process.env.CPU ?? 4);
const RUNS = Number(process.env.RUNS ?? 3);
const DELAYS = (process.env.DELAYS ?? '0,300').split(',').map(Number);
const LARGE = process.env.LARGE !== '0';
const LARGE_TASKS = Number(process.env.LARGE_TASKS ?? 10_000);
const LARGE_PATIENTS = Number(process.env.LARGE_PATIENTS ?? 2_000);
const LOCAL_CHANGES = 5;
/** DIST: another build to serve (to set two builds side by side). */
const DIST = process.env.DIST ?? 'dist';
/** PROFILE=1 prints where the page's CPU time went in the first run of each delay. */
const PROFILE = process.env.PROFILE === '1';
/** TRACE=1 prints the first run's requests from the sign-in click to the first row. */
const TRACE = process.env.TRACE === '1';

/** Budgets at 300 ms per answer (ms, medians). */
const BUDGET = { signInToRows: 1500, openTask: 150, localChange: 33, claim: 50, otherUsersChange: 1000 };
const LONG_TASK_BUDGET = 50;
const TAP_BUDGET = 100;

if (!existsSync('dist/index.html')) {
  console.error('Build the app first: npm run build');
  process.exit(1);
}

function line(label: string, samples: number[], budget?: number): string {
  if (samples.length === 0) return `  ${label.padEnd(40)} none`;
  const s = summarize(samples);
  const verdict =
    budget === undefined ? '' : ` (budget ${budget} ms: ${s.median <= budget ? 'within' : 'OVER'})`;
  return `  ${label.padEnd(40)} median ${s.median.toFixed(0)} ms (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)}, n=${samples.length})${verdict}`;
}

const longest = (samples: number[]): string =>
  samples.length === 0
    ? 'none over 50 ms'
    : `${samples.length}, longest ${Math.max(...samples).toFixed(0)} ms`;

/**
 * Opens and closes the user menu until the first load ends; resolves with each tap's time from the
 * click to the first frame that shows the menu. A string: the bench's transpiler helpers are not in
 * the page.
 */
const TAPS_DURING_LOAD = `new Promise((resolve) => {
  const times = [];
  const button = () => [...document.querySelectorAll('button')].find((b) => b.textContent.trim().startsWith('User menu'));
  const menu = () => document.querySelector('[role="menu"]');
  const until = (check) => new Promise((done) => {
    const poll = () => (check() ? done() : requestAnimationFrame(poll));
    poll();
  });
  const tap = async () => {
    if (window.__firstLoadDone) return resolve(times);
    const target = button();
    if (target && !menu()) {
      const started = performance.now();
      target.click();
      await until(menu);
      await new Promise((frame) => requestAnimationFrame(frame));
      times.push(performance.now() - started);
      target.click();
      await until(() => !menu());
    }
    setTimeout(tap, 200);
  };
  tap();
})`;

async function stepsAt(browser: Browser, delay: number): Promise<void> {
  const proxy = await delayingProxy(HOST, delay);
  try {
    const runs: TabletSteps[] = [];
    for (let run = 0; run < RUNS; run++) {
      runs.push(
        await tablet(browser, proxy, {
          host: HOST,
          cpuRate: CPU,
          localChanges: LOCAL_CHANGES,
          profile: PROFILE && run === 0,
          trace: TRACE && run === 0,
        })
      );
    }
    const budget = delay === 300 ? BUDGET : undefined;
    console.log(`\n${delay} ms per API answer, page CPU ${CPU}× slower (a fresh replica each run)`);
    const steps: [string, number[], number | undefined][] = [
      ['sign-in click → first rows', runs.map((s) => s.signInToRows), budget?.signInToRows],
      ['open a task from the list (first time)', runs.map((s) => s.openTask), budget?.openTask],
      ['open a task again', runs.flatMap((s) => s.openTaskAgain), budget?.openTask],
      ['a local change (Pause/Resume) → on screen', runs.flatMap((s) => s.localChanges), budget?.localChange],
      ['claim confirmed → on screen', runs.map((s) => s.claim), budget?.claim],
      ["another user's change → on screen", runs.map((s) => s.otherUsersChange), budget?.otherUsersChange],
    ];
    for (const [label, samples, within] of steps) console.log(line(label, samples, within));
    console.log(
      `  long tasks during the first load, per run: ${runs.map((s) => longest(s.longTasksDuringFirstLoad)).join('; ')}`
    );
    console.log(
      `  long tasks after it (open a task, changes): ${runs.map((s) => longest(s.longTasksAfter)).join('; ')}`
    );
    const { firstLoad, openTask, openAgain } = runs[0]?.profiles ?? {};
    const profiles: [string, CpuProfile | undefined][] = [
      ['sign-in click → first load done', firstLoad],
      ['open a task', openTask],
      ['open a task again (the last of them)', openAgain],
    ];
    for (const [title, profile] of profiles)
      if (profile) console.log([`  ${title}:`, ...profileLines(summarizeProfile(profile, DIST))].join('\n'));
  } finally {
    await proxy.close();
  }
}

/** A first load from the large server at the slowed CPU: long tasks and taps while it runs. */
async function largeLoad(browser: Browser, base: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    await watchFirstLoad(context);
    await watchLongTasks(context);
    const page = await context.newPage();
    const cdp = await slowCpu(context, page, CPU);
    await page.goto(`${base}/signin`);
    await page.getByLabel('Email').fill('doctor@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Password' }).fill('password');
    const clickedAt = await page.evaluate<number>('performance.now()');
    const started = performance.now();
    let rowsMs = 0;
    const [taps, profile] = await profiled(cdp, PROFILE, async () => {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await firstRow(page).waitFor({ timeout: 120_000 });
      rowsMs = performance.now() - started;
      const tapped = await page.evaluate<number[]>(TAPS_DURING_LOAD);
      await firstLoadDone(page);
      return tapped;
    });
    const loadMs = performance.now() - started;
    if (process.env.PROFILE_FILE && profile) writeFileSync(process.env.PROFILE_FILE, JSON.stringify(profile));
    const loadedAt = await page.evaluate<number>('performance.now()');
    const longTasks = await longTasksSince(page, clickedAt, loadedAt);
    const stored = await page.evaluate<number>(`new Promise((resolve) => {
      const open = indexedDB.open('carequeue');
      open.onsuccess = () => {
        const request = open.result.transaction('resources').objectStore('resources').count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(-1);
      };
      open.onerror = () => resolve(-1);
    })`);
    const heap = await page.evaluate<number>('performance.memory ? performance.memory.usedJSHeapSize : -1');
    console.log(
      `\nFirst load from a server of ${LARGE_TASKS.toLocaleString('en')} more tasks and ` +
        `${LARGE_PATIENTS.toLocaleString('en')} more patients, page CPU ${CPU}× slower, no delay`
    );
    console.log(
      `  first rows ${(rowsMs / 1000).toFixed(2)} s; first load done ${(loadMs / 1000).toFixed(2)} s; ${stored} records in the replica; page JS heap ${(heap / 2 ** 20).toFixed(0)} MB`
    );
    const worst = longTasks.length ? Math.max(...longTasks) : 0;
    console.log(
      `  long tasks on the page during the load: ${longest(longTasks)}, total ${longTasks.reduce((a, b) => a + b, 0).toFixed(0)} ms (budget none over ${LONG_TASK_BUDGET} ms: ${worst <= LONG_TASK_BUDGET ? 'within' : 'OVER'})`
    );
    console.log(line('a tap during the load (user menu) → drawn', taps, TAP_BUDGET));
    if (profile) console.log(profileLines(summarizeProfile(profile, DIST), 25).join('\n'));
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'carequeue-tablet-bench-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    if (DELAYS.length > 0 && DELAYS[0] !== undefined && !Number.isNaN(DELAYS[0])) {
      const stop = await startServer(PORT, join(dir, 'data.json'), DIST);
      try {
        for (const delay of DELAYS) await stepsAt(browser, delay);
      } finally {
        await stop();
      }
    }
    if (LARGE) {
      const file = join(dir, 'large.json');
      await writeLargeDataFile(file, { tasks: LARGE_TASKS, patients: LARGE_PATIENTS });
      const stop = await startServer(PORT, file, DIST, false);
      try {
        await largeLoad(browser, HOST.replace(/\/$/, ''));
      } finally {
        await stop();
      }
    }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
