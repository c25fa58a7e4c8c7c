/**
 * Budget of the resource timeline in Debian's Chromium against the `npm start` host: a Patient
 * with 200 comments about it (a few pinned), held in the replica after one visit.
 * - Details → Timeline tab: the click until the first screen of cards is drawn (the newest pinned
 *   one on top; a long timeline keeps only the cards near the viewport in the page), timed inside
 *   the page; median ≤ 200 ms. Timed coming back to the tab, and on a first visit after a reload
 *   (nothing of the timeline drawn in the page yet).
 * - Scrolling the timeline from top to bottom at 40 px a frame: frames longer than 1.5 × the median
 *   frame are counted as dropped.
 * - A wheel scroll over the timeline (mouse wheel events of 100 px, as a user scrolls): the intervals
 *   between animation frames while it runs (median and p95), and the long tasks (> 50 ms) the page ran.
 * Run `npm run build` first.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bundle, Communication, Patient } from '@medplum/fhirtypes';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium';
import { signIn, startServer } from './app-host';
import { ms, STORED_TOKEN, timeClick } from './page-scripts';
import { median, summarize } from './stats';

const RUNS = Number(process.env.RUNS ?? 9);
const COLD_RUNS = Number(process.env.COLD_RUNS ?? 5);
const ITEMS = 200;
const PORT = 4393;
const BASE = `http://localhost:${PORT}`;
const BUDGET_MS = 200;

if (!existsSync('dist/index.html')) {
  console.error('Build the app first: npm run build');
  process.exit(1);
}

/** A Patient and ITEMS comments about it (one in twenty pinned), in one batch; resolves with its id. */
async function createTimeline(page: Page): Promise<string> {
  const token = await page.evaluate<string>(STORED_TOKEN);
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/fhir+json' };
  const patient: Patient = { resourceType: 'Patient', name: [{ given: ['Timeline'], family: 'Bench' }] };
  const created = await page.request.post(`${BASE}/fhir/R4/Patient`, {
    headers,
    data: JSON.stringify(patient),
  });
  const id = ((await created.json()) as Patient).id ?? '';
  const start = Date.parse('2024-01-01T00:00:00Z');
  const comments = Array.from(
    { length: ITEMS },
    (_, i): Communication => ({
      resourceType: 'Communication',
      status: 'completed',
      priority: i % 20 === 0 ? 'stat' : 'routine',
      // The timeline reads 100 by each search: half the comments name the patient as subject, half are based on it.
      ...(i % 2 === 0
        ? { subject: { reference: `Patient/${id}` } }
        : { basedOn: [{ reference: `Patient/${id}` }] }),
      sender: { reference: 'Practitioner/practitioner-alice-smith' },
      sent: new Date(start + i * 3_600_000).toISOString(),
      payload: [{ contentString: `Comment ${i + 1}: called the patient about the results, left a message.` }],
    })
  );
  const batch: Bundle = {
    resourceType: 'Bundle',
    type: 'batch',
    entry: comments.map((resource) => ({ resource, request: { method: 'POST', url: 'Communication' } })),
  };
  const answer = await page.request.post(`${BASE}/fhir/R4/`, { headers, data: JSON.stringify(batch) });
  if (!answer.ok()) throw new Error(`Creating the comments failed: ${answer.status()}`);
  return id;
}

const TIMELINE_TAB = `() => [...document.querySelectorAll('[role="tab"]')].find((tab) => tab.textContent.trim() === 'Timeline')`;
/** The first screen drawn: the cards that fill the viewport, the pinned newest one on top. */
const FIRST_SCREEN = `() => { const cards = document.querySelectorAll('[aria-label$="imeline item"]'); return cards.length >= 8 && cards[0].getAttribute('aria-label') === 'Pinned timeline item'; }`;

/** What the timeline drew when it gave up: the number of cards. */
const CARD_COUNT = `() => document.querySelectorAll('[aria-label$="imeline item"]').length + ' cards'`;

/** Scrolls the page to the bottom, 40 px a frame; resolves with the frame intervals. */
const SCROLL = `new Promise((resolve) => {
  window.scrollTo(0, 0);
  const frames = [];
  let last = performance.now();
  const step = (now) => {
    frames.push(now - last);
    last = now;
    const before = window.scrollY;
    window.scrollBy(0, 40);
    if (window.scrollY === before || frames.length > 2000) return resolve(frames.slice(1));
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;

/** Starts recording animation-frame intervals and long tasks; WHEEL_STOP ends it and resolves with them. */
const WHEEL_START = `(() => {
  const record = { frames: [], longTasks: [], running: true };
  window.__wheelRecord = record;
  let last = performance.now();
  const step = (now) => {
    record.frames.push(now - last);
    last = now;
    if (record.running) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
  record.observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.longTasks.push(entry.duration);
  });
  record.observer.observe({ type: 'longtask' });
})()`;
const WHEEL_STOP = `(() => {
  const record = window.__wheelRecord;
  record.running = false;
  record.observer.disconnect();
  return { frames: record.frames.slice(1), longTasks: record.longTasks };
})()`;

/** Wheels down over the timeline from the top until the page stops moving; frame intervals and long tasks. */
async function wheelScroll(page: Page): Promise<{ frames: number[]; longTasks: number[] }> {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.mouse.move(500, 500);
  await page.evaluate(WHEEL_START);
  let still = 0;
  for (let i = 0; i < 400 && still < 5; i++) {
    const before = await page.evaluate<number>('window.scrollY');
    await page.mouse.wheel(0, 100);
    await page.waitForTimeout(16);
    still = (await page.evaluate<number>('window.scrollY')) === before ? still + 1 : 0;
  }
  return page.evaluate<{ frames: number[]; longTasks: number[] }>(WHEEL_STOP);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'carequeue-timeline-bench-'));
  const stop = await startServer(PORT, join(dir, 'data.json'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    page.on('crash', () => console.error('The page crashed'));
    page.on('pageerror', (error) => console.error('Page error:', error.message));
    await signIn(page, BASE);
    await page.getByRole('status', { name: 'Sync status' }).getByText('Online').waitFor({ timeout: 60_000 });
    const id = await createTimeline(page);
    // The first visit reads the timeline from the server and keeps it in the replica.
    await page.goto(`${BASE}/Patient/${id}/timeline`);
    await page.waitForFunction(FIRST_SCREEN, undefined, { timeout: 60_000 });

    const samples: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      await page.getByRole('tab', { name: 'Details' }).click();
      await page.getByRole('button', { name: 'Comment', exact: true }).waitFor({ state: 'detached' });
      samples.push(await page.evaluate<number>(timeClick(TIMELINE_TAB, FIRST_SCREEN, 20_000, CARD_COUNT)));
    }
    // A first visit since the page loaded: nothing of the timeline has been drawn in this page yet.
    const cold: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      await page.goto(`${BASE}/Patient/${id}`);
      await page.getByRole('tab', { name: 'Timeline' }).waitFor();
      await page
        .getByRole('status', { name: 'Sync status' })
        .getByText('Online')
        .waitFor({ timeout: 60_000 });
      await page.waitForTimeout(1_000);
      cold.push(await page.evaluate<number>(timeClick(TIMELINE_TAB, FIRST_SCREEN, 20_000, CARD_COUNT)));
    }
    const top = await page
      .getByLabel(/timeline item$/i)
      .first()
      .evaluate((card) => `${card.getAttribute('aria-label') ?? ''}: ${card.textContent ?? ''}`);
    const frames = await page.evaluate<number[]>(SCROLL);
    const wheel = await wheelScroll(page);
    const last = await page
      .getByLabel(/timeline item$/i)
      .last()
      .evaluate((card) => card.textContent ?? '');
    await context.close();

    const drawn = samples.slice(1);
    const frame = median(frames);
    const dropped = frames.filter((interval) => interval > frame * 1.5).length;
    console.log(`Timeline of a Patient with ${ITEMS} comments, Details → Timeline, ${drawn.length} runs:`);
    console.log(
      `  median ${ms(median(drawn))}, worst ${ms(Math.max(...drawn))}, budget ${ms(BUDGET_MS)}: ${
        median(drawn) <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'
      } (top card: ${top ?? 'none'})`
    );
    console.log(
      `  first visit since the page loaded (a reload on Details, then Timeline), ${cold.length} runs: median ${ms(median(cold))}, worst ${ms(Math.max(...cold))}`
    );
    console.log(
      `Scrolling it top to bottom at 40 px a frame: ${frames.length} frames, median frame ${frame.toFixed(1)} ms, ` +
        `p95 ${summarize(frames).p95.toFixed(1)} ms, longest ${Math.max(...frames).toFixed(1)} ms, ${dropped} longer than 1.5 × the median; last card at the bottom: ${last}`
    );
    const wheelFrames = summarize(wheel.frames);
    console.log(
      `Wheel scroll over it (100 px a notch): ${wheelFrames.runs} frames, median frame ${wheelFrames.median.toFixed(1)} ms, ` +
        `p95 ${wheelFrames.p95.toFixed(1)} ms, longest ${wheelFrames.max.toFixed(1)} ms; ${wheel.longTasks.length} long tasks ` +
        `(${Math.round(wheel.longTasks.reduce((sum, d) => sum + d, 0))} ms in all)`
    );
  } finally {
    await browser.close();
    await stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
