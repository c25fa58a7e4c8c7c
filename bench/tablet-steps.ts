/**
 * One fresh tablet's user steps, shared by the network benches: sign in → first rows, open a task, a
 * local change, claim → on screen, and another user's change → on screen, each timed inside the page;
 * optionally with the page's CPU slowed (the DevTools protocol's CPU throttling, as Lighthouse slows a
 * page for mobile) and with the page's long tasks recorded.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { signInByApi } from '../tests/fixtures/api-sign-in';
import {
  claim,
  firstLoadDone,
  firstRow,
  taskLink,
  TIME_OPEN_FIRST_TASK,
  TIME_PAUSE_OR_RESUME,
  TIME_SIGN_IN_TO_ROWS,
  watchFirstLoad,
} from './app-steps';
import type { CpuProfile } from './cpu-profile';
import type { Proxy } from './delay-proxy';

export interface TabletOptions {
  /** The API host behind the proxy (the nurse's change goes to it directly). */
  host: string;
  /** CPU slowdown of the page (1 = none). */
  cpuRate?: number;
  /** Prints every request from the sign-in click to the first row, and what the page showed. */
  trace?: boolean;
  /** Pause/Resume clicks timed on the open task (the first of them is left out as a warm-up). */
  localChanges?: number;
  /** Records the page's CPU profile of the sign-in → first load, and of opening a task. */
  profile?: boolean;
}

export interface TabletSteps {
  signInToRows: number;
  /** The first task opened after the first load (the task page's code run for the first time). */
  openTask: number;
  /** Opening a task again, from the list, once the task page's code has run (each of REOPENS). */
  openTaskAgain: number[];
  /** Click → the DOM showing the change, per click after the warm-up. */
  localChanges: number[];
  claim: number;
  otherUsersChange: number;
  /** The page's long tasks from the sign-in click until its first load ended (ms each). */
  longTasksDuringFirstLoad: number[];
  /** The page's long tasks after the first load: opening a task and the local changes. */
  longTasksAfter: number[];
  profiles: { firstLoad?: CpuProfile; openTask?: CpuProfile; openAgain?: CpuProfile };
}

/** How many times a task is opened again after the first open. */
const REOPENS = 3;

/** Notes every long task of the page (over 50 ms of its main thread) with its start, from page start. */
const WATCH_LONG_TASKS = `(() => {
  const tasks = (window.__longTasks = []);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
})()`;

/**
 * Slows the page's CPU `rate` times (the setting holds across its navigations); resolves with the
 * DevTools session that did it.
 */
export async function slowCpu(context: BrowserContext, page: Page, rate: number): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  if (rate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}

/** Runs `work` with the page's CPU profiler on; resolves with its result and the profile. */
export async function profiled<T>(
  cdp: CDPSession,
  on: boolean,
  work: () => Promise<T>
): Promise<[T, CpuProfile | undefined]> {
  if (!on) return [await work(), undefined];
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = await cdp.send('Profiler.stop');
  return [result, profile as CpuProfile];
}

/** The long tasks `WATCH_LONG_TASKS` saw starting at or after `since` (page time), durations in ms. */
export async function longTasksSince(page: Page, since: number, until = Infinity): Promise<number[]> {
  const all = await page.evaluate<[number, number][]>('window.__longTasks ?? []');
  return all.filter(([start]) => start >= since && start < until).map(([, duration]) => duration);
}

/** Adds the long-task watch to every page of `context`. */
export const watchLongTasks = (context: BrowserContext) => context.addInitScript(WATCH_LONG_TASKS);

const shortUrl = (url: string): string => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`.slice(0, 90);
};

/**
 * What the page shows, noted with the wall clock on every change: the path, the shell's loading
 * overlay, the list's loader, the first-load progress label, the rows; and every click.
 */
const WATCH_PAGE = `(() => {
  const steps = (window.__pageSteps = []);
  let last = '';
  const note = () => {
    const parts = [location.pathname];
    if (document.querySelector('.mantine-LoadingOverlay-root')) parts.push('shell overlay');
    if (document.querySelector('[aria-label="Loading tasks"]')) parts.push('list loader');
    const progress = document.querySelector('[role="progressbar"][aria-label^="Loading tasks:"]');
    if (progress) parts.push(progress.getAttribute('aria-label'));
    const rows = document.querySelectorAll('table[aria-label="Tasks"] tbody tr').length;
    if (rows) parts.push(rows + ' rows');
    const state = parts.join(', ');
    if (state !== last) steps.push([Date.now(), state]);
    last = state;
  };
  new MutationObserver(note).observe(document.body, { childList: true, subtree: true, attributes: true });
  document.addEventListener('click', (event) => {
    steps.push([Date.now(), 'click ' + (event.target.closest('button')?.textContent.trim() ?? '')]);
  }, true);
  note();
})()`;

/** One fresh tablet: sign in, first rows, open a task, claim one, and see a colleague's change. */
export async function tablet(browser: Browser, proxy: Proxy, options: TabletOptions): Promise<TabletSteps> {
  const { host, cpuRate = 1, trace: TRACE = false, localChanges: changes = 0, profile = false } = options;
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    await watchFirstLoad(context);
    await watchLongTasks(context);
    const page = await context.newPage();
    const cdp = await slowCpu(context, page, cpuRate);
    const base = proxy.url.replace(/\/$/, '');
    await page.goto(`${base}/signin`);
    await page.getByLabel('Email').fill('doctor@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Password' }).fill('password');
    const startedAt = Date.now();
    const trace: [number, string][] = [];
    if (TRACE) {
      await page.evaluate(WATCH_PAGE);
      context.on('request', (request) =>
        trace.push([Date.now(), `→ ${request.method()} ${shortUrl(request.url())}`])
      );
      context.on('requestfinished', (request) => trace.push([Date.now(), `← ${shortUrl(request.url())}`]));
    }
    const clickedAt = await page.evaluate<number>('performance.now()');
    // Timed inside the page, from the click to the first row drawn.
    const [signInToRows, firstLoadProfile] = await profiled(cdp, profile, async () => {
      const rowsMs = await page.evaluate<number>(TIME_SIGN_IN_TO_ROWS);
      await firstLoadDone(page);
      return rowsMs;
    });
    if (TRACE) {
      const seen = await page.evaluate<[number, string][]>('window.__pageSteps');
      const clickedOn = seen.find(([, what]) => what === 'click Sign in')?.[0] ?? startedAt;
      const lines = [...trace, ...seen.map(([time, what]): [number, string] => [time, `  page: ${what}`])]
        .sort((a, b) => a[0] - b[0])
        .filter(([time]) => time >= clickedOn)
        .map(([time, what]) => `${String(time - clickedOn).padStart(6)} ${what}`);
      console.log(
        [...lines, `${signInToRows.toFixed(0).padStart(6)} first row on screen (timed in the page)`].join(
          '\n'
        )
      );
    }

    // The list settles (the first load done) before a row is opened.
    await firstLoadDone(page);
    const loadedAt = await page.evaluate<number>('performance.now()');
    const longTasksDuringFirstLoad = await longTasksSince(page, clickedAt, loadedAt);
    await taskLink(firstRow(page)).waitFor();
    const [openTask, openTaskProfile] = await profiled(cdp, profile, () =>
      page.evaluate<number>(TIME_OPEN_FIRST_TASK)
    );
    const openTaskAgain: number[] = [];
    let openAgainProfile: CpuProfile | undefined;
    for (let i = 0; i < REOPENS; i++) {
      await page.goBack();
      await taskLink(firstRow(page)).waitFor();
      await page.waitForTimeout(1000);
      // The last open is profiled: the task page's code has run before.
      const [ms, opened] = await profiled(cdp, profile && i === REOPENS - 1, () =>
        page.evaluate<number>(TIME_OPEN_FIRST_TASK)
      );
      openTaskAgain.push(ms);
      openAgainProfile = opened ?? openAgainProfile;
    }
    const localChanges: number[] = [];
    for (let i = 0; i <= changes; i++) {
      const [drawn] = await page.evaluate<[number, number]>(TIME_PAUSE_OR_RESUME);
      if (i > 0) localChanges.push(drawn);
    }

    // Counted before the claim: it loads a new document, whose long tasks start a new list.
    const longTasksAfter = await longTasksSince(page, loadedAt);
    const claimSent = new Promise<void>((resolve) =>
      context.on('requestfinished', (request) => {
        if (request.method() === 'PATCH' && /\/Task\//.test(request.url())) resolve();
      })
    );
    const claimMs = await claim(page, base);
    await claimSent;
    const otherUsersChange = await colleagueChange(page, host, trace, TRACE);
    return {
      signInToRows,
      openTask,
      openTaskAgain,
      localChanges,
      claim: claimMs,
      otherUsersChange,
      longTasksDuringFirstLoad,
      longTasksAfter,
      profiles: {
        firstLoad: firstLoadProfile,
        openTask: openTaskProfile,
        openAgain: openAgainProfile,
      },
    };
  } finally {
    await context.close();
  }
}

/** The nurse changes the task open on the tablet; the time from her answer to the text on screen. */
async function colleagueChange(
  page: Page,
  host: string,
  trace: [number, string][],
  TRACE: boolean
): Promise<number> {
  const id = /\/Task\/([^/?#]+)/.exec(page.url())?.[1];
  if (!id) throw new Error(`No task open at ${page.url()}`);
  // The tablet's own claim is on the server first (the caller waited for its PATCH): the step times
  // a live update, not the merge of a change of ours that the server had not seen yet with hers.
  await page.getByTestId('pending-changes').waitFor({ state: 'detached', timeout: 60_000 });
  const nurse = await signInByApi(host, 'nurse@example.com');
  const text = `Seen by the nurse ${Date.now()}`;
  const answer = await nurse.fetch(`fhir/R4/Task/${id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json-patch+json' },
    body: JSON.stringify([{ op: 'add', path: '/businessStatus', value: { text } }]),
  });
  if (!answer.ok) throw new Error(`The nurse's change answered ${answer.status}`);
  const answeredAt = Date.now();
  const started = performance.now();
  await page.getByText(text).first().waitFor({ timeout: 60_000 });
  const elapsed = performance.now() - started;
  if (TRACE) {
    const lines = trace
      .filter(([time]) => time >= answeredAt - 50)
      .map(([time, what]) => `${String(time - answeredAt).padStart(6)} ${what}`);
    console.log([...lines, `${elapsed.toFixed(0).padStart(6)} the change on screen`].join('\n'));
  }
  return elapsed;
}
