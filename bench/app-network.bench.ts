/**
 * The app's steps on a slow network: the built app and the fake server (`npm start` host, fresh seed)
 * behind a localhost proxy that answers every API request 0, 100 and 300 ms late. For each delay, in
 * Debian's Chromium, a fresh browser profile (empty replica):
 * - sign-in click → the first queue row on screen, timed inside the page (budgets: 0.4 s with no
 *   delay, 1.5 s at 300 ms);
 * - open a task from the list → its Task Actions shown, timed inside the page;
 * - claim confirmed → on screen (the claim button gone), timed inside the page;
 * - another user's change (the nurse's PATCH answered) → on this tablet's open task page, once the
 *   tablet's claim is on the server;
 * - 1,000 changes queued on 100 tasks → all confirmed (the sync engine in Node through the same proxy).
 * Run `npm run build` first; `npx tsx bench/app-network.bench.ts` (RUNS=n for more runs per delay,
 * DELAYS=0,300 to choose, REPLAY=0 to leave the replay out, TRACE=1 for the sign-in's requests and
 * what the page showed meanwhile, BENCH_PORT for another server port).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { signInByApi } from '../tests/fixtures/api-sign-in';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium';
import { startServer } from './app-host';
import {
  claim,
  firstLoadDone,
  firstRow,
  taskLink,
  TIME_OPEN_FIRST_TASK,
  TIME_SIGN_IN_TO_ROWS,
  watchFirstLoad,
} from './app-steps';
import { delayingProxy, type Proxy } from './delay-proxy';
import { replayOffset, replayThrough } from './queued-changes';
import { summarize } from './stats';

/** BENCH_PORT: another port where several benches share the machine. */
const PORT = Number(process.env.BENCH_PORT ?? 4392);
const HOST = `http://localhost:${PORT}/`;
const RUNS = Number(process.env.RUNS ?? 3);
const DELAYS = (process.env.DELAYS ?? '0,100,300').split(',').map(Number);
const REPLAY = process.env.REPLAY !== '0';
/** TRACE=1 prints every request from the sign-in click to the first row, with its time. */
const TRACE = process.env.TRACE === '1';

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

if (!existsSync('dist/index.html')) {
  console.error('Build the app first: npm run build');
  process.exit(1);
}

interface Steps {
  signInToRows: number;
  openTask: number;
  claim: number;
  otherUsersChange: number;
}

/** One fresh tablet: sign in, first rows, open a task, claim one, and see a colleague's change. */
async function tablet(browser: Browser, proxy: Proxy): Promise<Steps> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    await watchFirstLoad(context);
    const page = await context.newPage();
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
    // Timed inside the page, from the click to the first row drawn.
    const signInToRows = await page.evaluate<number>(TIME_SIGN_IN_TO_ROWS);
    if (TRACE) {
      const seen = await page.evaluate<[number, string][]>('window.__pageSteps');
      const clickedAt = seen.find(([, what]) => what === 'click Sign in')?.[0] ?? startedAt;
      const lines = [...trace, ...seen.map(([time, what]): [number, string] => [time, `  page: ${what}`])]
        .sort((a, b) => a[0] - b[0])
        .filter(([time]) => time >= clickedAt)
        .map(([time, what]) => `${String(time - clickedAt).padStart(6)} ${what}`);
      console.log(
        [...lines, `${signInToRows.toFixed(0).padStart(6)} first row on screen (timed in the page)`].join(
          '\n'
        )
      );
    }

    // The list settles (the first load done) before a row is opened.
    await firstLoadDone(page);
    await taskLink(firstRow(page)).waitFor();
    const openTask = await page.evaluate<number>(TIME_OPEN_FIRST_TASK);

    const claimSent = new Promise<void>((resolve) =>
      context.on('requestfinished', (request) => {
        if (request.method() === 'PATCH' && /\/Task\//.test(request.url())) resolve();
      })
    );
    const claimMs = await claim(page, base);
    await claimSent;
    const otherUsersChange = await colleagueChange(page, trace);
    return { signInToRows, openTask, claim: claimMs, otherUsersChange };
  } finally {
    await context.close();
  }
}

/** The nurse changes the task open on the tablet; the time from her answer to the text on screen. */
async function colleagueChange(page: Page, trace: [number, string][]): Promise<number> {
  const id = /\/Task\/([^/?#]+)/.exec(page.url())?.[1];
  if (!id) throw new Error(`No task open at ${page.url()}`);
  // The tablet's own claim is on the server first (the caller waited for its PATCH): the step times
  // a live update, not the merge of a change of ours that the server had not seen yet with hers.
  await page.getByTestId('pending-changes').waitFor({ state: 'detached', timeout: 60_000 });
  const nurse = await signInByApi(HOST, 'nurse@example.com');
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

function line(label: string, samples: number[], budget?: number): string {
  const s = summarize(samples);
  const verdict =
    budget === undefined
      ? ''
      : s.median <= budget
        ? ` (budget ${budget} ms: within)`
        : ` (budget ${budget} ms: OVER)`;
  return `  ${label.padEnd(38)} median ${s.median.toFixed(0)} ms (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)}, n=${samples.length})${verdict}`;
}

const SIGN_IN_BUDGET: Record<number, number> = { 0: 400, 300: 1500 };
const CLAIM_BUDGET: Record<number, number> = { 300: 34 };
const LIVE_BUDGET: Record<number, number> = { 300: 1000 };

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'carequeue-network-bench-'));
  const stop = await startServer(PORT, join(dir, 'data.json'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    for (const [index, delay] of DELAYS.entries()) {
      const proxy = await delayingProxy(HOST, delay);
      try {
        const steps: Steps[] = [];
        for (let run = 0; run < RUNS; run++) steps.push(await tablet(browser, proxy));
        console.log(`\n${delay} ms per API answer (app in Chromium, a fresh replica each run)`);
        console.log(
          line(
            'sign-in click → first rows',
            steps.map((s) => s.signInToRows),
            SIGN_IN_BUDGET[delay]
          )
        );
        console.log(
          line(
            'open a task from the list',
            steps.map((s) => s.openTask)
          )
        );
        console.log(
          line(
            'claim confirmed → on screen',
            steps.map((s) => s.claim),
            CLAIM_BUDGET[delay]
          )
        );
        console.log(
          line(
            "another user's change → on screen",
            steps.map((s) => s.otherUsersChange),
            LIVE_BUDGET[delay]
          )
        );
        if (REPLAY) {
          const replayed = await replayThrough(proxy, replayOffset(index));
          const verdict =
            delay === 300 ? ` (budget 15000 ms: ${replayed.ms <= 15_000 ? 'within' : 'OVER'})` : '';
          console.log(
            `  1,000 changes on 100 tasks replayed   ${replayed.ms.toFixed(0)} ms, ${replayed.requests} requests (sync engine in Node)${verdict}`
          );
        }
      } finally {
        await proxy.close();
      }
    }
  } finally {
    await browser.close();
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
