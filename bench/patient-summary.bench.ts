/**
 * Budget of the patient summary in Debian's Chromium against the `npm start` host: a patient with
 * 100 allergies, 100 problems, 100 medications, 100 smoking status and 100 vital sign observations,
 * opened once online (so the summary keeps them), then offline: click the Summary tab → every
 * section drawn with its 100 entries, timed inside the page; median ≤ 200 ms.
 * Run `npm run build` first.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BundleEntry, Patient, Resource } from '@medplum/fhirtypes';
import { chromium, type Page } from 'playwright-core';
import { ALLERGY_CODES, CONDITION_CODES, MEDICATION_CODES, REACTION_CODES } from '@/fhir/clinical-codes';
import { allergyResource, conditionResource, medicationResource } from '@/fhir/clinical-entries';
import {
  SMOKING_OPTIONS,
  smokingObservation,
  VITAL_SIGNS,
  vitalObservation,
  bloodPressureObservation,
} from '@/fhir/clinical-rules';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium';
import { signIn, startServer } from './app-host';
import { ms, STORED_TOKEN, timeClick } from './page-scripts';
import { median } from './stats';

const RUNS = Number(process.env.RUNS ?? 9);
const PORT = 4397;
const BASE = `http://localhost:${PORT}`;
const BUDGET_MS = 200;
const PER_SECTION = 100;
const SECTIONS = ['Allergies', 'Problem List', 'Medications', 'Smoking Status', 'Vitals'];

if (!existsSync('dist/index.html')) {
  console.error('Build the app first: npm run build');
  process.exit(1);
}

/** A hundred entries of each section for the patient, as the summary's dialogs make them. */
function clinicalEntries(patient: string): Resource[] {
  const ref = { reference: patient };
  const day = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString();
  const pick = <T>(items: readonly T[], i: number): T => items[i % items.length] as T;
  return Array.from({ length: PER_SECTION }, (_, i) => {
    const recorded = { subject: ref, effectiveDateTime: day(i) };
    const sign = pick(VITAL_SIGNS, i);
    const entries: (Resource | undefined)[] = [
      allergyResource(
        {
          code: pick(ALLERGY_CODES, i).display,
          clinicalStatus: 'active',
          onset: day(i).slice(0, 10),
          reaction: pick(REACTION_CODES, i).display,
        },
        ref
      ),
      conditionResource(
        { code: pick(CONDITION_CODES, i).display, clinicalStatus: 'active', onset: day(i).slice(0, 10) },
        ref
      ),
      medicationResource(
        { medication: pick(MEDICATION_CODES, i).display, status: i % 3 ? 'active' : 'stopped' },
        ref
      ),
      smokingObservation(pick(SMOKING_OPTIONS, i).code, recorded),
      i % VITAL_SIGNS.length === 0
        ? bloodPressureObservation({ systolic: 110 + (i % 30), diastolic: 70 + (i % 15) }, recorded)
        : vitalObservation(sign, 50 + (i % 40), recorded),
    ];
    return entries.filter((item): item is Resource => item !== undefined);
  }).flat();
}

/** Creates the patient and its 500 entries on the server in one batch; resolves with the patient's id. */
async function createPatientWithRecord(page: Page): Promise<string> {
  const token = await page.evaluate<string>(STORED_TOKEN);
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/fhir+json' };
  const patient: Patient = {
    resourceType: 'Patient',
    name: [{ given: ['Bench'], family: 'Summary' }],
    gender: 'female',
    birthDate: '1970-01-01',
  };
  const created = await page.request.post(`${BASE}/fhir/R4/Patient`, {
    headers,
    data: JSON.stringify(patient),
  });
  if (!created.ok()) throw new Error(`Creating the patient failed: ${created.status()}`);
  const id = ((await created.json()) as Patient).id ?? '';
  const entry: BundleEntry[] = clinicalEntries(`Patient/${id}`).map((resource) => ({
    request: { method: 'POST', url: resource.resourceType },
    resource,
  }));
  const batch = await page.request.post(`${BASE}/fhir/R4`, {
    headers,
    data: JSON.stringify({ resourceType: 'Bundle', type: 'batch', entry }),
  });
  const answers = ((await batch.json()) as { entry?: BundleEntry[] }).entry ?? [];
  const failed = answers.filter((answer) => !answer.response?.status?.startsWith('201'));
  if (!batch.ok() || failed.length > 0 || answers.length !== entry.length)
    throw new Error(`Creating the entries failed: ${batch.status()} ${JSON.stringify(failed[0] ?? {})}`);
  return id;
}

// Strings, not functions: the bench runs through a transpiler whose helpers the page lacks.
const SUMMARY_TAB = `() => [...document.querySelectorAll('[role="tab"]')].find((tab) => tab.textContent.trim() === 'Summary')`;
// The rows of each list; the vitals' trend charts (a list of their own) are not rows.
const FULLY_DRAWN = `() => ${JSON.stringify(SECTIONS)}.every((name) => {
  const section = document.querySelector('section[aria-label="' + name + '"]');
  const rows = section ? [...section.querySelectorAll('li')].filter((li) => !li.closest('[aria-label="Vital sign trends"]')) : [];
  return rows.length === ${PER_SECTION};
})`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'carequeue-summary-bench-'));
  const stop = await startServer(PORT, join(dir, 'data.json'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, BASE);
    await page.getByRole('status', { name: 'Sync status' }).getByText('Online').waitFor({ timeout: 60_000 });
    const id = await createPatientWithRecord(page);

    // Opened once online: the summary reads the server and keeps the entries on the device.
    await page.goto(`${BASE}/Patient/${id}/summary`);
    const until = Date.now() + 60_000;
    while (!(await page.evaluate<boolean>(`(${FULLY_DRAWN})()`))) {
      if (Date.now() > until) throw new Error('The summary did not draw 100 entries per section online');
      await page.waitForTimeout(200);
    }
    // The Details tab the runs start from is opened once online too, so its schema is kept.
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.locator('table[aria-label="Resource details"]').waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: 'Summary' }).click();
    await page.locator('section[aria-label="Vitals"]').waitFor({ timeout: 30_000 });
    await context.setOffline(true);
    await page.getByRole('status', { name: 'Sync status' }).getByText('Offline').waitFor({ timeout: 30_000 });

    const samples: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      await page.getByRole('tab', { name: 'Details' }).click();
      await page.locator('section[aria-label="Patient summary"]').waitFor({ state: 'detached' });
      await page.locator('table[aria-label="Resource details"]').waitFor({ timeout: 30_000 });
      samples.push(await page.evaluate<number>(timeClick(SUMMARY_TAB, FULLY_DRAWN)));
    }
    await context.close();
    const measured = samples.slice(1);
    const within = median(measured) <= BUDGET_MS;
    console.log(
      `Patient summary, offline, ${PER_SECTION} entries in each of 5 sections, Details → Summary, ${measured.length} runs:`
    );
    console.log(
      `  median ${ms(median(measured))}, worst ${ms(Math.max(...measured))}, budget ${ms(BUDGET_MS)}: ${within ? 'within budget' : 'OVER BUDGET'}`
    );
  } finally {
    await browser.close();
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
