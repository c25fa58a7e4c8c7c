/**
 * Budgets of the console's resource pages in Debian's Chromium against the `npm start` host:
 * - the details page of a resource the replica holds: click the Details tab → the details tree
 *   rendered with the resource's fields, timed inside the page; median ≤ 100 ms;
 * - the edit form of a Patient with 20 filled elements, offline: click Edit on its page → the form
 *   usable (its OK button rendered and enabled), timed inside the page; median ≤ 150 ms.
 * Each resource is opened once first, so its schema is kept and the console's code is loaded.
 * Run `npm run build` first.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Patient } from '@medplum/fhirtypes';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium';
import { signIn, startServer } from './app-host';
import { DETAILS_TAB, ms, STORED_TOKEN, timeClick, verdict } from './page-scripts';
import { median } from './stats';

const RUNS = Number(process.env.RUNS ?? 9);
const PORT = Number(process.env.BENCH_PORT ?? 4392);
const BASE = `http://localhost:${PORT}`;
const BUDGET = { detailsMs: 100, editFormMs: 150 };

if (!existsSync('dist/index.html')) {
  console.error('Build the app first: npm run build');
  process.exit(1);
}

/** A Patient with 20 filled elements, as a registration desk leaves one. */
const patient: Patient = {
  resourceType: 'Patient',
  identifier: [
    { system: 'http://hl7.org/fhir/sid/us-ssn', value: '123-45-6789' },
    { system: 'urn:carequeue:mrn', value: 'MRN-20' },
  ],
  active: true,
  name: [
    { use: 'official', given: ['Eva', 'Maria'], family: 'Lindqvist', prefix: ['Ms'] },
    { use: 'nickname', given: ['Evi'] },
  ],
  telecom: [
    { system: 'phone', value: '555-0101', use: 'mobile' },
    { system: 'email', value: 'eva@example.org', use: 'home' },
  ],
  gender: 'female',
  birthDate: '1975-04-12',
  deceasedBoolean: false,
  address: [{ use: 'home', line: ['1 Main St', 'Apt 2'], city: 'Albany', state: 'NY', postalCode: '12207' }],
  maritalStatus: {
    coding: [
      { system: 'http://terminology.hl7.org/CodeSystem/v3-MaritalStatus', code: 'M', display: 'Married' },
    ],
  },
  multipleBirthInteger: 1,
  contact: [
    {
      relationship: [{ text: 'Brother' }],
      name: { given: ['Lars'], family: 'Lindqvist' },
      telecom: [{ system: 'phone', value: '555-0102' }],
    },
  ],
  communication: [
    {
      language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'sv', display: 'Swedish' }] },
      preferred: true,
    },
  ],
  generalPractitioner: [{ reference: 'Practitioner/practitioner-alice-smith', display: 'Dr. Alice Smith' }],
  extension: [{ url: 'http://example.org/fhir/favourite-colour', valueString: 'teal' }],
};

/** Creates the patient on the server with the app's stored token; resolves with its id. */
async function createPatient(page: Page): Promise<string> {
  const token = await page.evaluate<string>(STORED_TOKEN);
  const response = await page.request.post(`${BASE}/fhir/R4/Patient`, {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/fhir+json' },
    data: JSON.stringify(patient),
  });
  if (!response.ok()) throw new Error(`Creating the patient failed: ${response.status()}`);
  return ((await response.json()) as Patient).id ?? '';
}

const DETAILS_SHOWN = `() => { const table = document.querySelector('table[aria-label="Resource details"]'); return table && table.querySelectorAll('tr').length > 3; }`;
const EDIT_LINK = `() => [...document.querySelectorAll('a')].find((link) => link.textContent.trim() === 'Edit')`;
const FORM_USABLE = `() => { const ok = [...document.querySelectorAll('button[type="submit"]')].find((button) => button.textContent.trim() === 'OK'); return ok && !ok.disabled; }`;

/** Timeline → Details, RUNS times, timed inside the page. */
async function detailsRuns(page: Page, path: string): Promise<number[]> {
  await page.goto(`${BASE}${path}/details`);
  await page.locator('table[aria-label="Resource details"]').waitFor({ timeout: 60_000 });
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.locator('table[aria-label="Resource details"]').waitFor({ state: 'detached' });
    samples.push(await page.evaluate<number>(timeClick(DETAILS_TAB, DETAILS_SHOWN)));
  }
  return samples.slice(1);
}

/** Details → Edit, offline, RUNS times, timed inside the page. */
async function editRuns(page: Page, id: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    await page.goBack();
    await page.locator('table[aria-label="Resource details"]').waitFor({ timeout: 30_000 });
    samples.push(await page.evaluate<number>(timeClick(EDIT_LINK, FORM_USABLE)));
    if (!page.url().endsWith(`/Patient/${id}/edit`)) throw new Error(`Not on the edit page: ${page.url()}`);
  }
  return samples.slice(1);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'carequeue-console-bench-'));
  const stop = await startServer(PORT, join(dir, 'data.json'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    await signIn(page, BASE);
    await page.getByRole('status', { name: 'Sync status' }).getByText('Online').waitFor({ timeout: 60_000 });
    const id = await createPatient(page);

    const patientDetails = await detailsRuns(page, `/Patient/${id}`);
    const practitionerDetails = await detailsRuns(page, '/Practitioner/practitioner-alice-smith');

    // Opened once online, so the patient and its schema are kept; then the tablet goes offline.
    await page.goto(`${BASE}/Patient/${id}/edit`);
    await page.getByRole('button', { name: 'OK', exact: true }).waitFor({ timeout: 60_000 });
    await page.goto(`${BASE}/Patient/${id}/details`);
    await page.locator('table[aria-label="Resource details"]').waitFor({ timeout: 30_000 });
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'OK', exact: true }).waitFor();
    const edits = await editRuns(page, id);
    await context.close();

    const report = (what: string, samples: number[], budget: number) => {
      console.log(`${what}, ${samples.length} runs:`);
      console.log(
        `  median ${ms(median(samples))}, worst ${ms(Math.max(...samples))}, budget ${ms(budget)}: ${verdict(median(samples) <= budget)}`
      );
    };
    report(
      'Details page of a held Patient (20 filled elements), Timeline → Details',
      patientDetails,
      BUDGET.detailsMs
    );
    report('Details page of a held Practitioner, Timeline → Details', practitionerDetails, BUDGET.detailsMs);
    report('Edit form of that Patient, offline, click Edit → usable form', edits, BUDGET.editFormMs);
  } finally {
    await browser.close();
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
