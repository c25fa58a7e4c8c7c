import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { Bundle, Patient } from '@medplum/fhirtypes';
import { signInByApi, type ApiSession } from '../fixtures/api-sign-in';
import { SCREENSHOTS, signIn, waitForFirstSync } from './support/app';

let api: ApiSession;

test.beforeAll(async () => {
  api = await signInByApi(String(test.info().project.use.baseURL), 'doctor@example.com');
});

/** Creates a patient as another client would: straight on the server, the app not told. */
async function createPatient(family: string, given: string, gender: Patient['gender']): Promise<Patient> {
  const response = await api.fetch('fhir/R4/Patient', {
    method: 'POST',
    headers: { 'Content-Type': 'application/fhir+json' },
    body: JSON.stringify({
      resourceType: 'Patient',
      name: [{ family, given: [given] }],
      gender,
      birthDate: '1990-02-03',
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Patient;
}

async function serverTotal(query: string): Promise<number> {
  const response = await api.fetch(`fhir/R4/Patient?${query}&_total=accurate&_count=0`);
  return ((await response.json()) as Bundle).total ?? 0;
}

const rowIds = (page: Page) =>
  page
    .getByRole('table', { name: 'Patient list' })
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-resource-id')));

test.describe('the search control', () => {
  test('a Patient created by another client appears in /Patient online', async ({ page }) => {
    await signIn(page, 'doctor@example.com');
    await waitForFirstSync(page);
    const created = await createPatient(`Newcomer${Date.now()}`, 'Nia', 'female');
    await page.goto('/Patient');
    await expect(
      page.getByRole('table', { name: 'Patient list' }).locator('tbody tr').first()
    ).toHaveAttribute('data-resource-id', created.id ?? '');
  });

  test('adding a filter changes the URL and the rows; the back button undoes it', async ({ page }) => {
    await signIn(page, 'doctor@example.com');
    await page.goto('/Patient');
    const table = page.getByRole('table', { name: 'Patient list' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByRole('combobox', { name: 'Field' }).selectOption('gender');
    await expect(dialog.getByRole('button', { name: 'Add' })).toHaveCount(0);
    await dialog.getByRole('combobox', { name: 'Operation' }).selectOption('eq');
    await dialog.getByRole('textbox', { name: 'Value' }).fill('male');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.screenshot({ path: `${SCREENSHOTS}/search-filters-1024x768.png` });
    await dialog.getByRole('button', { name: 'OK' }).click();

    await expect(page).toHaveURL(/\/Patient\?gender=male$/);
    const males = await serverTotal('gender=male');
    await expect(page.getByLabel('Count')).toHaveText(new RegExp(`of ${males}$`));
    await expect(page.getByText('Gender equals male')).toBeVisible();
    const genders = await table.locator('tbody tr td:nth-child(4)').allTextContents();
    expect(new Set(genders)).toEqual(new Set(['male']));

    await page.goBack();
    await expect(page).toHaveURL(/\/Patient$/);
    await expect(page.getByLabel('Count')).toHaveText(new RegExp(`of ${await serverTotal('')}$`));
  });

  test('exports the list as a CSV file', async ({ page }) => {
    await signIn(page, 'doctor@example.com');
    await page.goto('/Patient?gender=female');
    await expect(page.getByRole('table', { name: 'Patient list' }).locator('tbody tr').first()).toBeVisible();
    await page.getByRole('button', { name: 'Export...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export' });
    await expect(dialog.getByRole('radio', { name: 'CSV' })).toBeChecked();
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Patient.csv');
    const text = await readFile(await download.path(), 'utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('ID,Name,Birthdate,Gender');
    expect(lines).toHaveLength(Math.min(1000, await serverTotal('gender=female')) + 1);
    expect(lines.slice(1).every((line) => line.endsWith(',female'))).toBe(true);
  });

  test('deletes two selected resources', async ({ page }) => {
    const family = `Doomed${Date.now()}`;
    const first = await createPatient(family, 'One', 'male');
    const second = await createPatient(family, 'Two', 'male');
    await signIn(page, 'doctor@example.com');
    await page.goto(`/Patient?name=${family}`);
    await expect.poll(() => rowIds(page)).toHaveLength(2);
    await page.getByRole('checkbox', { name: `Select ${first.id}` }).check();
    await page.getByRole('checkbox', { name: `Select ${second.id}` }).check();
    await page.getByRole('button', { name: 'Delete...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete' });
    await expect(dialog.getByText('Delete these 2 resources?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No results')).toBeVisible();
    await expect.poll(() => serverTotal(`name=${family}`), { timeout: 15_000 }).toBe(0);
  });

  test('under 768 px Export, Delete and Bulk are hidden', async ({ page }) => {
    await signIn(page, 'doctor@example.com');
    await page.goto('/Patient');
    await expect(page.getByRole('table', { name: 'Patient list' }).locator('tbody tr').first()).toBeVisible();
    for (const size of [
      { width: 768, height: 1024 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await expect(page.getByRole('button', { name: 'Bulk...' })).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/search-control-${size.width}x${size.height}.png` });
    }
    await page.setViewportSize({ width: 700, height: 900 });
    await expect(page.getByRole('button', { name: 'Fields' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters' })).toBeVisible();
    for (const name of ['Export...', 'Delete...', 'Bulk...']) {
      await expect(page.getByRole('button', { name })).toBeHidden();
    }
    await page.screenshot({ path: `${SCREENSHOTS}/search-control-700x900.png` });
  });
});
