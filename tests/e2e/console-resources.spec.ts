import type { Bundle, Patient } from '@medplum/fhirtypes';
import { expect, test, type Page } from '@playwright/test';
import * as app from './support/app';

interface PatientFields {
  given: string;
  family: string;
  birthDate: string;
  /** The first telecom: added when the form has none. */
  phone?: string;
  /** The first address: added when the form has none. */
  line?: string;
  city?: string;
}

const okButton = (page: Page) => page.getByRole('button', { name: 'OK', exact: true });
const field = (page: Page, path: string) => page.locator(`[data-field="${path}"]`);

/** Fills the resource form's first name, birth date, telecom and address, and presses OK. */
async function submitFields(page: Page, fields: PatientFields): Promise<void> {
  await expect(okButton(page)).toBeVisible({ timeout: 30_000 });
  const name = field(page, 'Patient.name');
  const family = name.getByLabel('Family', { exact: true }).first();
  if ((await family.count()) === 0) await page.getByRole('button', { name: 'Add Name' }).click();
  await family.fill(fields.family);
  await name.getByRole('textbox', { name: 'Given', exact: true }).first().fill(fields.given);
  await page.getByLabel('Birth Date', { exact: true }).fill(fields.birthDate);
  if (fields.phone !== undefined) {
    const telecom = field(page, 'Patient.telecom');
    if ((await telecom.getByLabel('Value', { exact: true }).count()) === 0) {
      await page.getByRole('button', { name: 'Add Telecom' }).click();
      await telecom.getByRole('combobox', { name: 'System' }).first().selectOption('phone');
      await telecom.getByRole('combobox', { name: 'Use' }).first().selectOption('mobile');
    }
    await telecom.getByLabel('Value', { exact: true }).first().fill(fields.phone);
  }
  if (fields.city !== undefined) {
    const address = field(page, 'Patient.address');
    if ((await address.getByLabel('City', { exact: true }).count()) === 0) {
      await page.getByRole('button', { name: 'Add Address' }).click();
    }
    if (fields.line !== undefined)
      await address.getByLabel('Line 1', { exact: true }).first().fill(fields.line);
    await address.getByLabel('City', { exact: true }).first().fill(fields.city);
  }
  await okButton(page).click();
}

const details = (page: Page) => page.getByRole('table', { name: 'Resource details' });

/** The patients of this family on the server, read with the page's token (not through the app). */
async function onServer(page: Page, family: string): Promise<Patient[]> {
  const bundle = await app.serverRead<Bundle<Patient>>(page, `Patient?family:exact=${family}`);
  return (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
}

/** The history's Diff of a version: the changed fields' paths, in order. */
async function changedPaths(page: Page, versionId: string): Promise<string[]> {
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('link', { name: `Diff: changes in version ${versionId}` }).click();
  const differences = page.getByRole('table', { name: 'Differences' });
  await expect(differences).toBeVisible({ timeout: 20_000 });
  const rows = differences.getByRole('row');
  const paths: string[] = [];
  for (let row = 1; row < (await rows.count()); row++) {
    paths.push((await rows.nth(row).getByRole('cell').first().textContent()) ?? '');
  }
  return paths;
}

test('a Patient is created, edited online and offline, lands once, shows its changes and is deleted', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
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
  await page.screenshot({ path: `${app.SCREENSHOTS}/console-details-1024.png`, fullPage: true });

  // Edit its name and birth date, and add a telecom and an address, online.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/Patient/${id}/edit$`));
  await expect(page.getByRole('textbox', { name: 'ID', exact: true })).toHaveValue(id);
  await submitFields(page, {
    given: 'Eva Maria',
    family,
    birthDate: '1975-04-21',
    phone: '555-0101',
    line: '1 Main St',
    city: 'Albany',
  });
  await expect(page).toHaveURL(new RegExp(`/Patient/${id}/details$`));
  await expect(details(page).getByText('1975-04-21')).toBeVisible();
  await expect
    .poll(async () => (await app.serverRead<Patient>(page, `Patient/${id}`)).address?.[0]?.city, {
      timeout: 40_000,
    })
    .toBe('Albany');
  const online = await app.serverRead<Patient>(page, `Patient/${id}`);
  expect(online).toMatchObject({
    name: [{ given: ['Eva', 'Maria'], family }],
    birthDate: '1975-04-21',
    telecom: [{ system: 'phone', use: 'mobile', value: '555-0101' }],
    address: [{ line: ['1 Main St'], city: 'Albany' }],
  });

  // Offline: edit the name, the telecom and the address again, reload offline, and the change waits.
  await app.waitForServiceWorker(page);
  await context.setOffline(true);
  await expect(app.syncStatus(page).getByText('Offline')).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(field(page, 'Patient.telecom').getByLabel('Value', { exact: true })).toHaveValue('555-0101');
  await submitFields(page, {
    given: 'Eva Maria',
    family: `${family}-Berg`,
    birthDate: '1975-04-21',
    phone: '555-0199',
    city: 'Troy',
  });
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
  expect(landed).toMatchObject({
    name: [{ family: `${family}-Berg` }],
    telecom: [{ value: '555-0199' }],
    address: [{ city: 'Troy' }],
  });
  const history = await app.serverRead<Bundle>(page, `Patient/${id}/_history`);
  expect(history.entry).toHaveLength(3);

  // The history's Diff shows exactly the fields each version changed.
  expect((await changedPaths(page, online.meta?.versionId ?? '')).sort()).toEqual(
    [
      'address[0].city',
      'address[0].line[0]',
      'birthDate',
      'name[0].given[1]',
      'telecom[0].system',
      'telecom[0].use',
      'telecom[0].value',
    ].sort()
  );
  await page.goBack();
  expect((await changedPaths(page, landed.meta?.versionId ?? '')).sort()).toEqual(
    ['address[0].city', 'name[0].family', 'telecom[0].value'].sort()
  );
  const last = page.getByRole('table', { name: 'Differences' });
  await expect(last.getByRole('row').nth(1)).toHaveText(`name[0].family${family}${family}-Berg`);
  await page.screenshot({ path: `${app.SCREENSHOTS}/console-diff-1024.png`, fullPage: true });

  // A value FHIR does not take is refused before anything is queued, under its field, with what
  // the user typed still in the form: a five-digit year, which the browser's date input takes.
  await page.goto(`/Patient/${id}/edit`);
  await submitFields(page, { given: 'Eva Maria', family: `${family}-Berg`, birthDate: '12345-04-21' });
  const birthDate = field(page, 'Patient.birthDate');
  await expect(birthDate.getByRole('alert').or(birthDate.getByText(/date/i).last())).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(new RegExp(`/Patient/${id}/edit$`));
  expect(await app.outbox(page)).toEqual([]);
  await expect(field(page, 'Patient.name').getByLabel('Family', { exact: true }).first()).toHaveValue(
    `${family}-Berg`
  );
  await page.screenshot({ path: `${app.SCREENSHOTS}/console-edit-refused-1024.png`, fullPage: true });
  // Corrected and saved, the edit lands.
  await submitFields(page, { given: 'Eva Maria', family: `${family}-Berg`, birthDate: '1975-04-22' });
  await expect(page).toHaveURL(new RegExp(`/Patient/${id}/details$`));
  await expect
    .poll(async () => (await app.serverRead<Patient>(page, `Patient/${id}`)).birthDate, { timeout: 40_000 })
    .toBe('1975-04-22');
  await expect.poll(async () => (await app.outbox(page)).length, { timeout: 20_000 }).toBe(0);

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
  for (const [width, height] of app.SCREEN_SIZES) {
    await page.setViewportSize({ width, height });
    await page.goto(`/Patient/${id}/details`);
    await expect(details(page)).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${app.SCREENSHOTS}/console-details-${width}.png`, fullPage: true });
    await page.goto(`/Patient/${id}/edit`);
    await expect(page.getByLabel('Birth Date', { exact: true })).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${app.SCREENSHOTS}/console-edit-${width}.png`, fullPage: true });
    await page.goto('/Patient/new');
    await expect(okButton(page)).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${app.SCREENSHOTS}/console-new-${width}.png`, fullPage: true });
  }
});

test('on a touch screen every control of the resource form is at least 44 px tall', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 768, height: 1024 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  try {
    await app.signIn(page, 'doctor@example.com');
    await app.waitForFirstSync(page);
    const bundle = await app.serverRead<Bundle<Patient>>(page, 'Patient?_count=1');
    await page.goto(`/Patient/${bundle.entry?.[0]?.resource?.id ?? ''}/edit`);
    await expect(okButton(page)).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    const heights = await page
      .getByRole('form')
      .locator('input:not([type="checkbox"]):not([type="file"]), select, button')
      .evaluateAll((controls) =>
        controls.map((control) => ({
          name: control.getAttribute('aria-label') ?? control.textContent ?? '',
          height: control.getBoundingClientRect().height,
        }))
      );
    expect(heights.length).toBeGreaterThan(20);
    expect(heights.filter((control) => control.height < 44)).toEqual([]);
    await page.screenshot({ path: `${app.SCREENSHOTS}/console-edit-touch-768.png`, fullPage: true });
  } finally {
    await context.close();
  }
});
