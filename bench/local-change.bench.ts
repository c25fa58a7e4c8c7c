/**
 * A local change on screen with no network delay (budget: one frame, ≤ 16 ms median): the built
 * app in Debian's Chromium against the `npm start` host (fresh seed). On an open task, click
 * 'Pause Task' (or 'Resume Task') RUNS times and time, inside the page, from the click
 * - to the DOM showing the change (the other button), and
 * - to the first animation frame after that DOM change (the frame that paints it).
 * Prints median and p95 of each. Run `npx vite build` first; PORT (default E2E_PORT or 4302), RUNS.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium';
import { signIn, startServer } from './app-host';
import { firstLoadDone, firstRow, taskLink, TIME_PAUSE_OR_RESUME, watchFirstLoad } from './app-steps';
import { summarize } from './stats';

const RUNS = Number(process.env.RUNS ?? 21);
const PORT = Number(process.env.PORT ?? process.env.E2E_PORT ?? 4302);
const BASE = `http://localhost:${PORT}`;
const MY_TASKS =
  '/Task?owner=Practitioner/practitioner-alice-smith&status:not=completed&_sort=-priority-order,due-date';

/**
 * Waits until the replica holds the change (the actions are enabled again once it is durable) and
 * 300 ms have passed (the next run starts clean). A click on a disabled button would do nothing.
 */
const SETTLED = `new Promise((resolve) => {
  const started = performance.now();
  const button = () => [...document.querySelectorAll('button')].find((b) => ['Pause Task', 'Resume Task'].includes(b.textContent.trim()));
  const tick = () => {
    const elapsed = performance.now() - started;
    if ((elapsed > 300 && button() && !button().disabled) || elapsed > 10000) resolve();
    else setTimeout(tick, 20);
  };
  tick();
})`;

async function main(): Promise<void> {
  if (!existsSync('dist/index.html')) throw new Error('Build the app first: npx vite build');
  const dir = mkdtempSync(join(tmpdir(), 'carequeue-local-change-'));
  const stop = await startServer(PORT, join(dir, 'data.json'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    await watchFirstLoad(context);
    const page = await context.newPage();
    await signIn(page, BASE);
    // The clicks are timed on a settled device: the first load done.
    await firstLoadDone(page);
    await page.goto(`${BASE}${MY_TASKS}`);
    await firstRow(page).waitFor({ timeout: 60_000 });
    await page.getByRole('status', { name: 'Sync status' }).getByText('Online').waitFor({ timeout: 60_000 });
    await taskLink(firstRow(page)).click();
    await page.getByRole('heading', { name: 'Task Actions' }).waitFor();
    const dom: number[] = [];
    const frame: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const [toDom, toFrame] = await page.evaluate<[number, number]>(TIME_PAUSE_OR_RESUME);
      await page.evaluate(SETTLED);
      if (run === 0) continue; // the first warms the code paths
      dom.push(toDom);
      frame.push(toFrame);
    }
    const line = (samples: number[]) => {
      const s = summarize(samples);
      return `median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, min ${s.min.toFixed(1)}, max ${s.max.toFixed(1)} (n=${s.runs})`;
    };
    console.log(`A local change on screen (Pause/Resume Task, no delay), ${RUNS} runs:`);
    console.log(`  click → DOM shows it          ${line(dom)}`);
    console.log(`  click → next frame after it   ${line(frame)}  [budget ≤ 16 ms median]`);
  } finally {
    await browser.close();
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
