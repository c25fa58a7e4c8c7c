import type { Bundle, Patient } from '@medplum/fhirtypes';
import { expect, test, type Page } from '@playwright/test';
import * as app from './support/app';

interface PatientFields {
  given: string;
  family: string;
  birthDate: string;
}

/** Fills the resource form's first name (given names space-separated) and birth date, and presses OK. */
async function submitFields(page: Page, fields: PatientFields): Promise<void> {
  const family = page.getByLabel('Family', { exact: true }).first();
  await expect(page.getByRole('button', { name: 'OK', exact: true })).toBeVisible({ timeout: 30_000 });
  if ((await family.count()) === 0) await page.getByRole('button', { name: 'Add Name' }).click();
  await family.fill(fields.family);
  const given = page.getByRole('textbox', { name: 'Given', exact: true }).first();
  if ((await given.count()) === 0) await page.getByRole('button', { name: 'Add Given' }).click();
  await given.fill(fields.given);
  await page.getByLabel('Birth Date', { exact: true }).fill(fields.birthDate);
  await page.getByRole('button', { name: 'OK', exact: true }).click();
}

const details = (page: Page) => page.getByRole('table', { name: 'Resource details' });

/** The patients of this family on the server, read with the page's token (not through the app). */
async function onServer(page: Page, family: string): Promise<Patient[]> {
  const bundle = await app.serverRead<Bundle<Patient>>(page, `Patient?family:exact=${family}`);
  return (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
}

test('a Patient is created, edited online and offline, lands once, shows its changes and is deleted', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const family = `Lindqvist${Date.now().toString(36)}`;
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);

  // Create with the list's New button.
  await page.goto('/Patient');
  await page.getByRole('button', { name: 'New...' }).click();
  await expect(page).toHaveURL(/\/Patient\/new$/);
  await expect(page.getByRole('textbox', { name: 'Resource Type' })).toBeDisabled();
  await submitFields(page, { given: 'Eva', family, birthDate: '1975-04-12' });
  await expect(details(page).getByText(`Eva ${family}`)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => onServer(page, family), { timeout: 40_000 }).toHaveLength(1);
  const [created] = await onServer(page, family);
  const id = created?.id ?? '';
  // Once the server confirms it, the page follows the resource to the server's id.
  await expect(page).toHaveURL(new RegExp(`/Patient/${id}/details$`), { timeout: 20_000 });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${app.SCREENSHOTS}/console-details-1024.png`, fullPage: true });

  // Edit its name and birth date, online.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/Patient/${id}/edit$`));
  await expect(page.getByRole('textbox', { name: 'ID', exact: true })).toHaveValue(id);
  await page.screenshot({ path: `${app.SCREENSHOTS}/console-edit-1024.png`, fullPage: true });
  await submitFields(page, { given: 'Eva Maria', family, birthDate: '1975-04-21' });
  await expect(page).toHaveURL(new RegExp(`/Patient/${id}/details$`));
  await expect(details(page).getByText('1975-04-21')).toBeVisible();
  await expect
    .poll(async () => (await app.serverRead<Patient>(page, `Patient/${id}`)).birthDate, { timeout: 40_000 })
    .toBe('1975-04-21');

  // Offline: edit again, reload offline, and the change is still there, waiting.
  await context.setOffline(true);
  await expect(app.syncStatus(page).getByText('Offline')).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await submitFields(page, { given: 'Eva Maria', family: `${family}-Berg`, birthDate: '1975-04-21' });
  await expect(details(page).getByText(`Eva Maria ${family}-Berg`)).toBeVisible();
  await expect.poll(() => app.pendingInHeader(page)).toBe(1);
  await app.reloadOffline(page);
  await expect(details(page).getByText(`Eva Maria ${family}-Berg`)).toBeVisible({ timeout: 20_000 });
  expect((await app.outbox(page)).map((entry) => entry.label)).toEqual(['Edit Patient']);
  expect((await app.serverRead<Patient>(page, `Patient/${id}`)).name?.[0]?.family).toBe(family);

  // Online again: the change lands once.
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
  await expect.poll(() => app.pendingInHeader(page), { timeout: 40_000 }).toBe(0);
  const landed = await app.serverRead<Patient>(page, `Patient/${id}`);
  expect(landed.name?.[0]?.family).toBe(`${family}-Berg`);
  const history = await app.serverRead<Bundle>(page, `Patient/${id}/_history`);
  expect(history.entry).toHaveLength(3);

  // The history's Diff shows exactly what the last version changed.
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('link', { name: `Changes in version ${landed.meta?.versionId ?? ''}` }).click();
  const differences = page.getByRole('table', { name: 'Differences' });
  await expect(differences).toBeVisible({ timeout: 20_000 });
  await expect(differences.getByRole('row')).toHaveCount(2);
  await expect(differences.getByRole('row').nth(1)).toHaveText(`name[0].family${family}${family}-Berg`);
  await page.screenshot({ path: `${app.SCREENSHOTS}/console-diff-1024.png`, fullPage: true });

  // A value the server refuses shows the server's words on the resource: a five-digit year, which
  // the browser's date input takes but a FHIR date does not.
  await page.goto(`/Patient/${id}/edit`);
  await submitFields(page, { given: 'Eva Maria', family: `${family}-Berg`, birthDate: '12345-04-21' });
  const failure = page.getByRole('region', { name: 'Failed: Edit Patient' });
  await expect(failure).toBeVisible({ timeout: 40_000 });
  const [refused] = await app.outbox(page);
  expect(refused?.state).toBe('failed');
  await expect(failure.getByText(refused?.error ?? 'no error')).toBeVisible();
  expect(refused?.error).toMatch(/birthDate|date/i);
  await failure.getByRole('button', { name: 'Dismiss' }).click();
  await expect(failure).toBeHidden();

  // Delete, with confirmation, back to the list.
  await page.getByRole('link', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure you want to delete this Patient?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/Patient$/);
  await expect.poll(async () => (await onServer(page, `${family}-Berg`)).length, { timeout: 40_000 }).toBe(0);
});

test('the resource pages at tablet and desktop sizes', async ({ page }) => {
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  const bundle = await app.serverRead<Bundle<Patient>>(page, 'Patient?_count=1');
  const id = bundle.entry?.[0]?.resource?.id ?? '';
  for (const [width, height] of [
    [768, 1024],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/Patient/${id}/details`);
    await expect(details(page)).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${app.SCREENSHOTS}/console-details-${width}.png`, fullPage: true });
    await page.goto(`/Patient/${id}/edit`);
    await expect(page.getByLabel('Birth Date', { exact: true })).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${app.SCREENSHOTS}/console-edit-${width}.png`, fullPage: true });
  }
});
