/**
 * Budgets of the installed app (run `npm run build` first):
 * - offline cold start: a new page with no network, from navigation to My Tasks rendered from the
 *   precache and the replica — median of RUNS (default 5) ≤ 1.5 s;
 * - precache: the bytes of this build's app shell the service worker keeps — ≤ 2 MB.
 * Headless Chromium against the `npm start` host (dist + fake server with fresh seed data).
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startHttpHost } from '../mocks/http/host';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium';
import { median } from './stats';

const RUNS = Number(process.env.RUNS ?? 5);
const COLD_START_BUDGET_MS = 1_500;
// The app shell with every lazy chunk.
const PRECACHE_BUDGET_BYTES = 2 * 1024 * 1024;

/** The precache list the build injected into dist/sw.js, with each file's size on disk. */
function precacheFromBuild(): { files: number; bytes: number } {
  const sw = readFileSync('dist/sw.js', 'utf8');
  const list = /\[\{"revision":[^\]]*\]/.exec(sw)?.[0];
  if (!list) throw new Error('No precache list in dist/sw.js: build with `npm run build`');
  const entries = JSON.parse(list) as { url: string }[];
  const bytes = entries.reduce((sum, entry) => sum + statSync(join('dist', entry.url)).size, 0);
  return { files: entries.length, bytes };
}

async function myTasksRendered(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'My Tasks' }).waitFor({ timeout: 15_000 });
  await page.locator('table[aria-label="Tasks"] tbody tr').first().waitFor({ timeout: 15_000 });
}

const dataDir = mkdtempSync(join(tmpdir(), 'carequeue-pwa-bench-'));
const host = await startHttpHost({
  port: 0,
  reset: true,
  dataFile: join(dataDir, 'data.json'),
  staticDir: 'dist',
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
let failed = false;
try {
  const context = await browser.newContext({ baseURL: host.url, viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByLabel('Email').fill('doctor@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Password' }).fill('password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/Task/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Tasks' }).click();
  await myTasksRendered(page);
  const myTasks = page.url();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  const precached = await page.evaluate(async () => {
    const cache = await caches.open('carequeue-shell');
    let bytes = 0;
    const requests = await cache.keys();
    for (const request of requests) bytes += (await (await cache.match(request))?.blob())?.size ?? 0;
    return { files: requests.length, bytes };
  });
  await page.close();

  await context.setOffline(true);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const cold = await context.newPage();
    const started = performance.now();
    await cold.goto(myTasks);
    await myTasksRendered(cold);
    times.push(performance.now() - started);
    await cold.close();
  }
  const fromBuild = precacheFromBuild();
  const coldMedian = median(times);
  failed = coldMedian > COLD_START_BUDGET_MS || precached.bytes > PRECACHE_BUDGET_BYTES;
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(
    `offline cold start to My Tasks: median ${coldMedian.toFixed(0)} ms, worst ${Math.max(...times).toFixed(0)} ms over ${RUNS} (${times.map((t) => t.toFixed(0)).join(', ')}) — budget ${COLD_START_BUDGET_MS} ms`
  );
  console.log(
    `precache in the browser: ${precached.files} files, ${kib(precached.bytes)} (${precached.bytes} bytes) — budget ${kib(PRECACHE_BUDGET_BYTES)}`
  );
  console.log(
    `precache list of dist/sw.js: ${fromBuild.files} files, ${kib(fromBuild.bytes)}; dist/sw.js itself ${kib(statSync('dist/sw.js').size)}`
  );
  console.log(failed ? 'OVER BUDGET' : 'within budget');
} finally {
  await browser.close();
  await host.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
