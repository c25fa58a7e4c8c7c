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
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium';
import { startServer } from './app-host';
import { delayingProxy } from './delay-proxy';
import { replayOffset, replayThrough } from './queued-changes';
import { summarize } from './stats';
import { tablet, type TabletSteps } from './tablet-steps';

/** BENCH_PORT: another port where several benches share the machine. */
const PORT = Number(process.env.BENCH_PORT ?? 4392);
const HOST = `http://localhost:${PORT}/`;
const RUNS = Number(process.env.RUNS ?? 3);
const DELAYS = (process.env.DELAYS ?? '0,100,300').split(',').map(Number);
const REPLAY = process.env.REPLAY !== '0';
/** TRACE=1 prints every request from the sign-in click to the first row, with its time. */
const TRACE = process.env.TRACE === '1';

if (!existsSync('dist/index.html')) {
  console.error('Build the app first: npm run build');
  process.exit(1);
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
        const steps: TabletSteps[] = [];
        for (let run = 0; run < RUNS; run++)
          steps.push(await tablet(browser, proxy, { host: HOST, trace: TRACE }));
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
