import AxeBuilder from '@axe-core/playwright';
import type { Observation, Patient, Task } from '@medplum/fhirtypes';
import { expect, test, type Locator, type Page } from '@playwright/test';
import * as app from './support/app';

const UCUM = 'http://unitsofmeasure.org';
const LOINC = 'http://loinc.org';
const PRECISION = 'http://hl7.org/fhir/StructureDefinition/quantity-precision';
/** The sizes the trends are looked at: a landscape tablet, a portrait tablet and a phone. */
const SIZES = [
  [1024, 768],
  [768, 1024],
  [390, 844],
] as const;

const summary = (page: Page) => page.getByRole('region', { name: 'Patient summary' });
const vitals = (page: Page) => summary(page).getByRole('region', { name: 'Vitals' });
const chart = (page: Page, name: RegExp) => vitals(page).getByRole('figure', { name });
const lines = (figure: Locator) => figure.locator('path[data-trend-line][d]');

const HEART_RATE = /^Heart rate trend, 3 readings, latest 72 \/min on 2026-11-03; normal range 60–100 \/min$/;
const PRESSURE =
  /^Blood pressure trend, 3 readings, latest 118\/76 mmHg on 2026-11-03; normal range systolic 90–120 mmHg, diastolic 60–80 mmHg$/;
const TEMPERATURE = /^Body temperature trend, 2 readings, latest 37\.0 °C on 2026-11-02/;

function vital(patient: string, day: number, code: string, display: string): Observation {
  return {
    resourceType: 'Observation',
    status: 'final',
    category: [
      {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' },
        ],
      },
    ],
    code: { coding: [{ system: LOINC, code, display }], text: display },
    subject: { reference: patient },
    effectiveDateTime: `2026-11-0${day}T09:00:00Z`,
  };
}

const quantity = (value: number, code: string) => ({ value, unit: code, system: UCUM, code });

/** Three heart rates, three blood pressures, two temperatures (the last typed '37.0') and one height. */
function readings(patient: string): Observation[] {
  const heart = (day: number, value: number) => ({
    ...vital(patient, day, '8867-4', 'Heart rate'),
    valueQuantity: quantity(value, '/min'),
  });
  const pressure = (day: number, systolic: number, diastolic: number) => ({
    ...vital(patient, day, '85354-9', 'Blood pressure'),
    component: [
      { code: { coding: [{ system: LOINC, code: '8480-6' }] }, valueQuantity: quantity(systolic, 'mm[Hg]') },
      { code: { coding: [{ system: LOINC, code: '8462-4' }] }, valueQuantity: quantity(diastolic, 'mm[Hg]') },
    ],
  });
  const temperature = (day: number, value: number, places?: number) => ({
    ...vital(patient, day, '8310-5', 'Body temperature'),
    valueQuantity: {
      ...quantity(value, 'Cel'),
      ...(places ? { _value: { extension: [{ url: PRECISION, valueInteger: places }] } } : {}),
    },
  });
  return [
    heart(1, 80),
    heart(2, 76),
    heart(3, 72),
    pressure(1, 132, 84),
    pressure(2, 126, 80),
    pressure(3, 118, 76),
    temperature(1, 36.8),
    temperature(2, 37, 1),
    { ...vital(patient, 1, '8302-2', 'Body height'), valueQuantity: quantity(170, 'cm') },
  ];
}

async function create<T>(page: Page, resource: object): Promise<T> {
  const token = await app.storedAccessToken(page);
  const type = (resource as { resourceType: string }).resourceType;
  const response = await page.request.post(`/fhir/R4/${type}`, {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/fhir+json' },
    data: JSON.stringify(resource),
  });
  expect(response.status(), `POST ${type}`).toBe(201);
  return (await response.json()) as T;
}

/** WCAG contrast ratio of two CSS colours as the browser computed them ('rgb(…)'). */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r = 0, g = 0, bl = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
    const linear = (channel: number) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(bl);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Each blood pressure line's colour against the card, as drawn. */
async function lineContrasts(page: Page): Promise<number[]> {
  const card = await summary(page).evaluate((element) => getComputedStyle(element).backgroundColor);
  const strokes = await lines(chart(page, PRESSURE)).evaluateAll((paths) =>
    paths.map((path) => getComputedStyle(path).stroke)
  );
  return strokes.map((stroke) => contrast(stroke, card));
}

/** The three charts with their latest values; blood pressure with both lines; one reading, no chart. */
async function expectTrends(page: Page): Promise<void> {
  await expect(chart(page, HEART_RATE)).toBeVisible({ timeout: 30_000 });
  await expect(chart(page, HEART_RATE).locator('figcaption')).toHaveText(/Heart rate 72 \/min\s*2026-11-03/);
  await expect(lines(chart(page, HEART_RATE))).toHaveCount(1);
  await expect(chart(page, PRESSURE).locator('figcaption')).toHaveText(
    /Blood pressure 118\/76 mmHg\s*2026-11-03/
  );
  await expect(lines(chart(page, PRESSURE))).toHaveCount(2);
  await expect(chart(page, TEMPERATURE).locator('figcaption')).toContainText('37.0 °C');
  await expect(vitals(page).getByRole('figure')).toHaveCount(3);
  await expect(vitals(page).getByRole('button', { name: 'Edit Body temperature: 37.0 °C' })).toBeVisible();
}

test('vital signs with several readings show trend charts with the latest value, also offline after a reload', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  // The charts draw under the pages' Content-Security-Policy: no blocked script, style or eval.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  const patient = await create<Patient>(page, {
    resourceType: 'Patient',
    name: [{ given: ['Trend'], family: 'Reading' }],
    birthDate: '1958-04-12',
  });
  for (const observation of readings(`Patient/${patient.id}`)) await create(page, observation);

  // Online: the Summary page reads the readings from the server, keeps them and draws the trends.
  await page.goto(`/Patient/${patient.id}/summary`);
  await expectTrends(page);
  const axe = await new AxeBuilder({ page })
    .include('ul[aria-label="Vital sign trends"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  for (const ratio of await lineContrasts(page)) expect(ratio).toBeGreaterThanOrEqual(3);
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await vitals(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${app.SCREENSHOTS}/vitals-trends-${width}.png` });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
  for (const ratio of await lineContrasts(page)) expect(ratio).toBeGreaterThanOrEqual(3);
  await page.setViewportSize({ width: 1024, height: 768 });
  await vitals(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${app.SCREENSHOTS}/vitals-trends-dark-1024.png` });

  // Offline, reloaded: the app, the charts' code and the readings all come from the device.
  await app.waitForServiceWorker(page);
  await context.setOffline(true);
  await expect(app.syncStatus(page).getByText('Offline')).toBeVisible();
  await app.reloadOffline(page);
  await expectTrends(page);
  expect(violations).toEqual([]);
});

test('beside a task the summary draws the trends only when asked, and the charts work offline there', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  const patient = await create<Patient>(page, {
    resourceType: 'Patient',
    name: [{ given: ['Task'], family: 'Trend' }],
  });
  for (const observation of readings(`Patient/${patient.id}`)) await create(page, observation);
  const task = await create<Task>(page, {
    resourceType: 'Task',
    status: 'ready',
    intent: 'order',
    for: { reference: `Patient/${patient.id}` },
    description: 'Review the vital signs',
  });

  await page.goto(`/Task/${task.id}/details`);
  // Under 1200 px the task's details come first: the patient's line unfolds the summary.
  await page
    .getByRole('region', { name: 'Patient' })
    .getByRole('button', { name: 'Show patient summary' })
    .click({ timeout: 30_000 });
  await expect(vitals(page).getByRole('button', { name: 'Show trends (3)' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(vitals(page).getByRole('figure')).toHaveCount(0);
  await app.waitForServiceWorker(page);
  await context.setOffline(true);
  await expect(app.syncStatus(page).getByText('Offline')).toBeVisible();
  await vitals(page).getByRole('button', { name: 'Show trends (3)' }).click();
  await expectTrends(page);
  await page.screenshot({ path: `${app.SCREENSHOTS}/vitals-trends-task-1024.png`, fullPage: true });
});
