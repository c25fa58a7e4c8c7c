/**
 * Budgets of the vitals trends, in Debian's Chromium against the `npm start` host:
 * - the task route's JavaScript (a fresh context signs in, syncs, opens a task; scripts of the page
 *   and its sync worker, gzipped, summed, as bench/app.bench.ts counts them): at most 20 KB gz more
 *   than before the trends. Set BEFORE_DIST to a build made without them to print both; the charts'
 *   own chunk is printed apart, with whether the task route fetched it;
 * - a patient with 9 vital signs × 50 readings, opened once online (so the summary keeps them), then
 *   offline: Details → Summary tab click until the nine charts have drawn their lines, timed inside
 *   the page, median of RUNS ≤ 200 ms (also with the CPU slowed 4×, and an offline reload of the
 *   Summary page from navigation start, printed for reference).
 * Run `npm run build` first.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BundleEntry, Observation, Patient } from '@medplum/fhirtypes';
import { chromium, type Browser, type Page } from 'playwright-core';
import { bloodPressureObservation, VITAL_SIGNS, vitalObservation } from '@/fhir/clinical-rules';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium';
import { signIn, startServer } from './app-host';
import { firstRow, taskLink } from './app-steps';
import { ms, STORED_TOKEN, timeClick, verdict } from './page-scripts';
import { median } from './stats';
import { profileLines, summarizeProfile } from './cpu-profile';
import { profiled } from './tablet-steps';

const RUNS = Number(process.env.RUNS ?? 9);
const PORT = Number(process.env.PORT ?? 4393);
const BASE = `http://localhost:${PORT}`;
const BEFORE_DIST = process.env.BEFORE_DIST;
/** PROFILE=1 prints where the page's CPU time went in one Details → Summary switch. */
const PROFILE = process.env.PROFILE === '1';
const MY_TASKS =
  '/Task?owner=Practitioner/practitioner-alice-smith&status:not=completed&_sort=-priority-order,due-date';
const BUDGET = { drawMs: 200, routeGrowthKb: 20 };
const READINGS = 50;

if (!existsSync('dist/index.html')) {
  console.error('Build the app first: npm run build');
  process.exit(1);
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** Whether a request came from a page's frame (not from one of its workers). */
function fromFrame(request: { frame(): unknown }): boolean {
  try {
    return !!request.frame();
  } catch {
    return false;
  }
}

interface RouteScripts {
  gzipBytes: number;
  chartsFetched: boolean;
}

/** Scripts a fresh context fetches while signing in, syncing and opening a task (the task route). */
async function taskRouteScripts(browser: Browser, dist: string): Promise<RouteScripts> {
  const dir = mkdtempSync(join(tmpdir(), 'carequeue-trends-route-'));
  const stop = await startServer(PORT, join(dir, 'data.json'), dist);
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const scripts = new Map<string, number>();
    const pending: Promise<void>[] = [];
    context.on('response', (response) => {
      const url = new URL(response.url());
      const request = response.request();
      if (!url.pathname.endsWith('.js') || url.origin !== BASE || request.serviceWorker()) return;
      const by = fromFrame(request) ? 'page' : 'worker';
      pending.push(
        response
          .body()
          .then((body) => void scripts.set(`${by} ${url.pathname}`, gzipSync(body).length))
          .catch(() => undefined)
      );
    });
    const page = await context.newPage();
    await signIn(page, BASE);
    await page.goto(`${BASE}${MY_TASKS}`);
    await firstRow(page).waitFor({ timeout: 60_000 });
    await taskLink(firstRow(page)).click();
    await page.getByRole('heading', { name: 'Task Actions' }).waitFor({ timeout: 60_000 });
    await page.getByRole('region', { name: 'Vitals' }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    await context.close();
    return {
      gzipBytes: [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0),
      chartsFetched: [...scripts.keys()].some((key) => key.includes('VitalTrendCharts')),
    };
  } finally {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The charts' lazy chunk of a build (its script and stylesheet), gzipped. */
function chartChunk(dist: string): { js: number; css: number; raw: number } {
  const files = readdirSync(join(dist, 'assets')).filter(
    (name) => name.startsWith('VitalTrendCharts') && !name.endsWith('.map')
  );
  const sized = (ext: string) =>
    files
      .filter((name) => name.endsWith(ext))
      .map((name) => readFileSync(join(dist, 'assets', name)))
      .reduce((sum, body) => ({ gz: sum.gz + gzipSync(body).length, raw: sum.raw + body.length }), {
        gz: 0,
        raw: 0,
      });
  const js = sized('.js');
  const css = sized('.css');
  return { js: js.gz, css: css.gz, raw: js.raw + css.raw };
}

/** Fifty readings of each of the nine vital signs, a day apart, blood pressure as its two components. */
function vitalReadings(patient: string): Observation[] {
  const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString();
  const wave = (i: number, low: number, span: number) => low + ((i * 7) % span);
  const values: Record<string, (i: number) => number> = {
    '8867-4': (i) => wave(i, 58, 40),
    '8310-5': (i) => 36.2 + ((i * 3) % 12) / 10,
    '9279-1': (i) => wave(i, 12, 9),
    '8302-2': () => 170,
    '29463-7': (i) => 70 + ((i * 3) % 20) / 10,
    '39156-5': (i) => 24 + ((i * 3) % 12) / 10,
    '2708-6': (i) => wave(i, 93, 8),
    '9843-4': () => 57,
  };
  return Array.from({ length: READINGS }, (_, i) => {
    const recorded = { subject: { reference: patient }, effectiveDateTime: day(i) };
    return VITAL_SIGNS.map((sign) => {
      const value = values[sign.code];
      return value
        ? vitalObservation(sign, value(i), recorded)
        : bloodPressureObservation({ systolic: wave(i, 108, 40), diastolic: wave(i, 66, 25) }, recorded);
    }).filter((item): item is Observation => item !== undefined);
  }).flat();
}

/** Creates the patient and its 450 readings on the server in one batch; resolves with its id. */
async function createPatientWithVitals(page: Page): Promise<string> {
  const token = await page.evaluate<string>(STORED_TOKEN);
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/fhir+json' };
  const patient: Patient = { resourceType: 'Patient', name: [{ given: ['Bench'], family: 'Trends' }] };
  const created = await page.request.post(`${BASE}/fhir/R4/Patient`, {
    headers,
    data: JSON.stringify(patient),
  });
  if (!created.ok()) throw new Error(`Creating the patient failed: ${created.status()}`);
  const id = ((await created.json()) as Patient).id ?? '';
  const entry: BundleEntry[] = vitalReadings(`Patient/${id}`).map((resource) => ({
    request: { method: 'POST', url: 'Observation' },
    resource,
  }));
  const batch = await page.request.post(`${BASE}/fhir/R4`, {
    headers,
    data: JSON.stringify({ resourceType: 'Bundle', type: 'batch', entry }),
  });
  const answers = ((await batch.json()) as { entry?: BundleEntry[] }).entry ?? [];
  if (!batch.ok() || answers.some((answer) => !answer.response?.status?.startsWith('201')))
    throw new Error(`Creating the readings failed: ${batch.status()}`);
  return id;
}

// Strings, not functions: the bench runs through a transpiler whose helpers the page lacks.
const SUMMARY_TAB = `() => [...document.querySelectorAll('[role="tab"]')].find((tab) => tab.textContent.trim() === 'Summary')`;
/** Nine charts, each with its line (two for blood pressure) drawn as an SVG path with a shape. */
const CHARTS_DRAWN = `() => {
  const charts = document.querySelectorAll('figure[data-vital-trend]');
  return charts.length === ${VITAL_SIGNS.length} && [...charts].every((chart) => {
    const lines = chart.querySelectorAll('path[data-trend-line][d]');
    return lines.length === (chart.dataset.vitalTrend.startsWith('85354-9') ? 2 : 1);
  });
}`;
const DESCRIBE = `() => document.querySelectorAll('figure[data-vital-trend]').length + ' charts, ' + document.querySelectorAll('path[data-trend-line][d]').length + ' lines'`;
/** Records, from navigation start, when the charts are first all drawn (window.__chartsDrawnAt). */
const RECORD_DRAWN = `(() => {
  const drawn = ${CHARTS_DRAWN};
  const observer = new MutationObserver(() => {
    if (!drawn()) return;
    window.__chartsDrawnAt = performance.now();
    observer.disconnect();
  });
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { childList: true, subtree: true, attributes: true })
  );
})()`;

/** Waits, checking every 200 ms, until `condition` (a page script) holds. */
async function until(page: Page, condition: string, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await page.evaluate<boolean>(`(${condition})()`))) {
    if (Date.now() > end) throw new Error(`${what} within ${timeoutMs} ms`);
    await page.waitForTimeout(200);
  }
}

/** The Vitals list's first 100 rows (the readings it lists) are in the page. */
const ROWS_DRAWN = `() => {
  const section = document.querySelector('section[aria-label="Vitals"]');
  return !!section && [...section.querySelectorAll('li')].filter((li) => !li.closest('[aria-label="Vital sign trends"]')).length === 100;
}`;

/** Details → Summary, timed inside the page until the Vitals list's rows, and until the nine charts. */
async function tabToCharts(page: Page): Promise<{ rows: number; charts: number }> {
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.locator('section[aria-label="Patient summary"]').waitFor({ state: 'detached' });
  await page.locator('table[aria-label="Resource details"]').waitFor({ timeout: 30_000 });
  const rows = page.evaluate<number>(`new Promise((resolve) => {
    const started = performance.now();
    const check = () => (${ROWS_DRAWN})() ? resolve(performance.now() - started) : requestAnimationFrame(check);
    check();
  })`);
  const charts = await page.evaluate<number>(timeClick(SUMMARY_TAB, CHARTS_DRAWN, 30_000, DESCRIBE));
  return { rows: await rows, charts };
}

interface Draws {
  tab: number[];
  tabRows: number[];
  slowed: number[];
  reload: number[];
}

async function drawTimes(browser: Browser): Promise<Draws> {
  const dir = mkdtempSync(join(tmpdir(), 'carequeue-trends-draw-'));
  const stop = await startServer(PORT, join(dir, 'data.json'));
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, BASE);
    await page.getByRole('status', { name: 'Sync status' }).getByText('Online').waitFor({ timeout: 60_000 });
    const id = await createPatientWithVitals(page);

    // Opened once online: the summary reads the 450 readings and keeps them on the device.
    await page.goto(`${BASE}/Patient/${id}/summary`);
    await until(page, CHARTS_DRAWN, 60_000, 'The nine charts were not drawn online');
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.locator('table[aria-label="Resource details"]').waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: 'Summary' }).click();
    await until(page, CHARTS_DRAWN, 60_000, 'The nine charts were not drawn again');
    await context.setOffline(true);
    await page.getByRole('status', { name: 'Sync status' }).getByText('Offline').waitFor({ timeout: 30_000 });

    const tab: { rows: number; charts: number }[] = [];
    for (let i = 0; i < RUNS + 1; i++) tab.push(await tabToCharts(page));
    const cdp = await context.newCDPSession(page);
    if (PROFILE) {
      const [, profile] = await profiled(cdp, true, () => tabToCharts(page));
      if (profile)
        console.log(['Details → Summary, CPU:', ...profileLines(summarizeProfile(profile), 25)].join('\n'));
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const slowed: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) slowed.push((await tabToCharts(page)).charts);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    await page.addInitScript(RECORD_DRAWN);
    const reload: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${BASE}/Patient/${id}/summary`);
      await until(page, '() => window.__chartsDrawnAt !== undefined', 30_000, 'No charts after the reload');
      reload.push(await page.evaluate<number>('window.__chartsDrawnAt'));
    }
    await context.close();
    const measured = tab.slice(1);
    return {
      tab: measured.map((run) => run.charts),
      tabRows: measured.map((run) => run.rows),
      slowed: slowed.slice(1),
      reload,
    };
  } finally {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const chunk = chartChunk('dist');
    const after = await taskRouteScripts(browser, 'dist');
    console.log('Task route JavaScript (sign in, sync, open a task; page and sync worker, gzipped):');
    if (BEFORE_DIST) {
      const before = await taskRouteScripts(browser, BEFORE_DIST);
      const growth = after.gzipBytes - before.gzipBytes;
      console.log(
        `  before ${kb(before.gzipBytes)}, after ${kb(after.gzipBytes)}: ${growth >= 0 ? '+' : ''}${kb(growth)}, budget +${BUDGET.routeGrowthKb} KB: ${verdict(growth <= BUDGET.routeGrowthKb * 1024)}`
      );
    } else {
      console.log(`  ${kb(after.gzipBytes)} (set BEFORE_DIST to a build without the trends to compare)`);
    }
    console.log(
      `  the charts' chunk: ${kb(chunk.js)} JS + ${kb(chunk.css)} CSS gzipped (${kb(chunk.raw)} on disk, precached); fetched by the task route: ${after.chartsFetched ? 'yes' : 'no'}`
    );

    const draw = await drawTimes(browser);
    console.log(
      `Patient summary offline, ${VITAL_SIGNS.length} vital signs × ${READINGS} readings, Details → Summary until the nine charts are drawn, ${RUNS} runs:`
    );
    console.log(
      `  median ${ms(median(draw.tab))}, worst ${ms(Math.max(...draw.tab))}, budget ${ms(BUDGET.drawMs)}: ${verdict(median(draw.tab) <= BUDGET.drawMs)}`
    );
    console.log(
      `  of which the Vitals list's 100 rows (drawn first, the charts follow): median ${ms(median(draw.tabRows))}`
    );
    console.log(`  CPU slowed 4×: median ${ms(median(draw.slowed))}, worst ${ms(Math.max(...draw.slowed))}`);
    console.log(
      `  offline reload of the Summary page, navigation start → charts drawn: median ${ms(median(draw.reload))}, worst ${ms(Math.max(...draw.reload))}`
    );
  } finally {
    await browser.close();
  }
}

await main();
