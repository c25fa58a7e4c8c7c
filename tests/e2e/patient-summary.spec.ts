import type { AllergyIntolerance, Bundle, Condition, Observation } from '@medplum/fhirtypes';
import { expect, test, type Page } from '@playwright/test';
import * as app from './support/app';

const SYNC_TIMEOUT = 40_000;

const summary = (page: Page) => page.getByRole('region', { name: 'Patient summary' });
const section = (page: Page, name: string) => summary(page).getByRole('region', { name });

async function entriesOnServer<T>(page: Page, query: string): Promise<T[]> {
  const bundle = await app.serverRead<Bundle>(page, query);
  return (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource as T] : []));
}

test('an allergy and a blood pressure added offline survive a reload and land on the server once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  // A seeded patient with a problem list.
  const [problem] = await entriesOnServer<Condition>(page, 'Condition?_count=1&_sort=_id');
  const patient = problem?.subject.reference ?? '';
  const id = patient.replace('Patient/', '');

  // Online: the summary reads the server and keeps what it read.
  await page.goto(`/Patient/${id}`);
  await expect(page).toHaveURL(new RegExp(`/Patient/${id}/summary$`));
  await expect(
    section(page, 'Problem List')
      .getByRole('button', { name: /^Edit / })
      .first()
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(summary(page).getByText(/^(No upcoming appointments|Next appointment)/)).toBeVisible();
  await expect.poll(() => app.replicaCount(page, 'Condition'), { timeout: 20_000 }).toBeGreaterThan(0);
  await app.screenshotAtSizes(page, 'patient-summary');
  const allergiesBefore = await entriesOnServer<AllergyIntolerance>(
    page,
    `AllergyIntolerance?patient=${patient}`
  );
  const pressuresBefore = await entriesOnServer<Observation>(
    page,
    `Observation?subject=${patient}&code=85354-9`
  );

  await app.waitForServiceWorker(page);
  await context.setOffline(true);
  await expect(app.syncStatus(page).getByText('Offline')).toBeVisible();

  await summary(page).getByRole('button', { name: 'Add Allergy' }).click();
  const allergy = page.getByRole('dialog', { name: 'Add Allergy' });
  await allergy.getByRole('combobox', { name: 'Allergy' }).fill('Lat');
  await page.getByRole('option', { name: 'Latex' }).click();
  await allergy.getByLabel('Onset').fill('2019-06-01');
  await allergy.getByRole('combobox', { name: 'Reaction' }).fill('Hiv');
  await page.getByRole('option', { name: 'Hives' }).click();
  await page.screenshot({ path: `${app.SCREENSHOTS}/patient-summary-allergy-dialog.png` });
  await allergy.getByRole('button', { name: 'Save' }).click();
  await expect(allergy).toBeHidden();
  await expect(section(page, 'Allergies').getByRole('button', { name: 'Edit Latex — Hives' })).toBeVisible();

  await summary(page).getByRole('button', { name: 'Add Vital' }).click();
  const vital = page.getByRole('dialog', { name: 'Add Vital' });
  await expect(vital.getByRole('button', { name: 'Save' })).toBeDisabled();
  await vital.getByRole('textbox', { name: 'Systolic' }).fill('128');
  await vital.getByRole('textbox', { name: 'Diastolic' }).fill('84');
  await page.screenshot({ path: `${app.SCREENSHOTS}/patient-summary-vital-dialog.png` });
  await vital.getByRole('button', { name: 'Save' }).click();
  await expect(vital).toBeHidden();
  const pressure = section(page, 'Vitals').getByRole('button', {
    name: 'Edit Blood pressure: 128/84 mmHg',
  });
  await expect(pressure).toBeVisible();
  await expect(pressure.getByText('Waiting to sync')).toBeVisible();

  await expect.poll(() => app.pendingInHeader(page)).toBe(2);
  expect((await app.outbox(page)).map((entry) => entry.label)).toEqual(['Add Allergy', 'Add Vital']);

  // Reloaded offline, both are still there, from the device.
  await app.reloadOffline(page);
  await expect(section(page, 'Allergies').getByRole('button', { name: 'Edit Latex — Hives' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(pressure).toBeVisible();

  // Online again: the outbox empties and the server has each once.
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
  await expect.poll(() => app.pendingInHeader(page), { timeout: SYNC_TIMEOUT }).toBe(0);
  await expect
    .poll(
      async () =>
        (await entriesOnServer<AllergyIntolerance>(page, `AllergyIntolerance?patient=${patient}`)).length,
      {
        timeout: SYNC_TIMEOUT,
      }
    )
    .toBe(allergiesBefore.length + 1);
  const allergies = await entriesOnServer<AllergyIntolerance>(page, `AllergyIntolerance?patient=${patient}`);
  const latex = allergies.filter((item) => item.code?.text === 'Latex');
  expect(latex).toHaveLength(1);
  expect(latex[0]).toMatchObject({
    code: { coding: [{ system: 'http://snomed.info/sct', code: '111088007' }] },
    clinicalStatus: { coding: [{ code: 'active' }] },
    onsetDateTime: '2019-06-01',
    reaction: [{ manifestation: [{ coding: [{ code: '247472004' }] }] }],
  });
  const pressures = await entriesOnServer<Observation>(page, `Observation?subject=${patient}&code=85354-9`);
  expect(pressures).toHaveLength(pressuresBefore.length + 1);
  const added = pressures.filter((item) => item.status === 'preliminary');
  expect(added).toHaveLength(1);
  expect(
    added[0]?.component?.map((part) => [part.code.coding?.[0]?.code, part.valueQuantity?.value])
  ).toEqual([
    ['8480-6', 128],
    ['8462-4', 84],
  ]);
  expect(await app.outbox(page)).toEqual([]);
  await expect(pressure.getByText('Waiting to sync')).toBeHidden({ timeout: SYNC_TIMEOUT });
});

test('the task detail shows the task patient’s summary, read from the server and kept', async ({ page }) => {
  test.setTimeout(120_000);
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  const [task] = await app.readyTasks(page, 0, 1);
  await app.openTaskInApp(page, task?.id ?? '');
  // Under 1200 px the task's details come first: the patient's line unfolds the summary.
  await page
    .getByRole('region', { name: 'Patient' })
    .getByRole('button', { name: 'Show patient summary' })
    .click();
  const card = summary(page);
  await expect(card.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(card.getByText(/^Self$/)).toBeVisible();
  for (const name of ['Allergies', 'Problem List', 'Medications', 'Smoking Status', 'Vitals']) {
    await expect(section(page, name).getByRole('heading', { name })).toBeVisible();
  }
  await app.screenshotAtSizes(page, 'task-patient-summary');
});
