import type { Bundle, OperationOutcome, Patient } from '@medplum/fhirtypes';
import { expect, test, type Page } from '@playwright/test';
import * as app from './support/app';

/**
 * The user's work when the server says no: an online edit the server refuses stays in its open
 * form with the server's words under the field, and never holds back a change to another resource.
 */

// Every API call of the page and of its sync worker goes through the routes below, not a service worker.
test.use({ serviceWorkers: 'block' });

const okButton = (page: Page) => page.getByRole('button', { name: 'OK', exact: true });
const field = (page: Page, path: string) => page.locator(`[data-field="${path}"]`);

const REFUSAL = 'Birth date is outside the range this registry accepts';
const refusal: OperationOutcome = {
  resourceType: 'OperationOutcome',
  issue: [
    { severity: 'error', code: 'invalid', details: { text: REFUSAL }, expression: ['Patient.birthDate'] },
  ],
};

/** From now on the server refuses every change to this patient with a 400 and its words. */
async function serverRefusesChangesTo(page: Page, id: string): Promise<void> {
  await page
    .context()
    .route(`**/fhir/R4/Patient/${id}`, (route) =>
      route.request().method() === 'PATCH' || route.request().method() === 'PUT'
        ? route.fulfill({ status: 400, contentType: 'application/fhir+json', json: refusal })
        : route.fallback()
    );
}

async function twoPatients(page: Page): Promise<[Patient, Patient]> {
  const bundle = await app.serverRead<Bundle<Patient>>(page, 'Patient?_count=2&_sort=_id');
  const [first, second] = (bundle.entry ?? []).map((entry) => entry.resource as Patient);
  if (!first || !second) throw new Error('the seed has fewer than two patients');
  return [first, second];
}

async function setFamily(page: Page, family: string): Promise<void> {
  await expect(okButton(page)).toBeVisible({ timeout: 30_000 });
  await field(page, 'Patient.name').getByLabel('Family', { exact: true }).first().fill(family);
}

test('an online edit the server refuses stays open with its words under the field, and a fix replaces it', async ({
  page,
}) => {
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  const [patient] = await twoPatients(page);
  const id = patient.id ?? '';
  await serverRefusesChangesTo(page, id);

  await page.goto(`/Patient/${id}/edit`);
  await setFamily(page, 'Refused-Family');
  await okButton(page).click();

  // The form stays, with what the user typed and the server's words under the field it names.
  await expect(field(page, 'Patient.birthDate').getByText(REFUSAL)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/Patient/${id}/edit$`));
  await expect(field(page, 'Patient.name').getByLabel('Family', { exact: true }).first()).toHaveValue(
    'Refused-Family'
  );
  await page.screenshot({ path: `${app.SCREENSHOTS}/trust-refused-edit-1024.png`, fullPage: true });

  // The server takes the next try: saving again replaces the refused change, which lands once.
  await page.context().unroute(`**/fhir/R4/Patient/${id}`);
  await setFamily(page, 'Fixed-Family');
  await okButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/Patient/${id}/details$`), { timeout: 20_000 });
  const onServer = await app.serverRead<Patient>(page, `Patient/${id}`);
  expect(onServer.name?.[0]?.family).toBe('Fixed-Family');
  await expect.poll(async () => (await app.outbox(page)).length, { timeout: 20_000 }).toBe(0);
});

test('a refused change does not delay a change to another resource', async ({ page }) => {
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  const [refused, other] = await twoPatients(page);
  await serverRefusesChangesTo(page, refused.id ?? '');

  await page.goto(`/Patient/${refused.id}/edit`);
  await setFamily(page, 'Held-Family');
  await okButton(page).click();
  await expect(field(page, 'Patient.birthDate').getByText(REFUSAL)).toBeVisible({ timeout: 20_000 });

  // The refused edit stays on this device as a failure; the other patient's edit goes straight on.
  await page.goto(`/Patient/${other.id}/edit`);
  await setFamily(page, 'Moving-Family');
  await okButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/Patient/${other.id}/details$`), { timeout: 20_000 });
  const landed = await app.serverRead<Patient>(page, `Patient/${other.id}`);
  expect(landed.name?.[0]?.family).toBe('Moving-Family');
  const outbox = await app.outbox(page);
  expect(outbox).toEqual([expect.objectContaining({ key: `Patient/${refused.id}`, state: 'failed' })]);
  await expect(app.syncStatus(page).getByText(/1 failed/)).toBeVisible();
});

test("claimed offline with a note; the other user took the task; 'Keep theirs' keeps their owner and my note", async ({
  browser,
}) => {
  const doctor = await app.signedInContext(browser, 'doctor@example.com');
  const nurse = await app.signedInContext(browser, 'nurse@example.com');
  const [task] = (await app.readyTasks(doctor.page, 14, 1)) as [app.TaskLike];
  await app.openTaskInApp(doctor.page, task.id);
  await app.openTaskInApp(nurse.page, task.id);

  await doctor.context.setOffline(true);
  await app.actions(doctor.page).getByRole('button', { name: 'Claim Task' }).click();
  await doctor.page.getByRole('button', { name: 'Confirm' }).click();
  await app.actions(doctor.page).getByRole('textbox', { name: 'Note' }).fill('Called the family, offline');
  await app.actions(doctor.page).getByRole('button', { name: 'Add Note' }).click();
  await expect(app.syncStatus(doctor.page).getByText('2 changes waiting to sync')).toBeVisible();

  await app.actions(nurse.page).getByRole('button', { name: 'Claim Task' }).click();
  await nurse.page.getByRole('button', { name: 'Confirm' }).click();
  await expect
    .poll(async () => (await app.serverRead<app.TaskLike>(nurse.page, `Task/${task.id}`)).owner?.reference)
    .toMatch(/^Practitioner\//);
  const nurseOwner = (await app.serverRead<app.TaskLike>(nurse.page, `Task/${task.id}`)).owner?.reference;

  await doctor.context.setOffline(false);
  const conflicts = app.syncStatus(doctor.page).getByRole('button', { name: /1 conflict/ });
  await expect(conflicts).toBeVisible({ timeout: 40_000 });
  await conflicts.click();
  const panel = doctor.page.getByRole('dialog', { name: 'Conflicts and failed changes' });
  const conflict = panel.getByRole('region', { name: 'Conflict: Claim Task' });
  await conflict.getByRole('button', { name: 'Keep theirs' }).click();
  // The confirmation names what the choice discards: the claim only, not the note queued after it.
  const confirm = conflict.getByRole('group', { name: 'Confirm: Keep theirs' });
  await expect(confirm.getByText('Nothing else is discarded.')).toBeVisible();
  await doctor.page.screenshot({ path: `${app.SCREENSHOTS}/trust-keep-theirs-1024.png` });
  await confirm.getByRole('button', { name: 'Keep theirs' }).click();
  await expect(conflict).toBeHidden();

  await expect
    .poll(
      async () =>
        (await app.serverRead<app.TaskLike>(doctor.page, `Task/${task.id}`)).note?.map((note) => note.text),
      { timeout: 40_000 }
    )
    .toContain('Called the family, offline');
  const landed = await app.serverRead<app.TaskLike>(doctor.page, `Task/${task.id}`);
  expect(landed.owner?.reference).toBe(nurseOwner);
  expect(landed.note?.filter((note) => note.text === 'Called the family, offline')).toHaveLength(1);
  await expect.poll(async () => (await app.outbox(doctor.page)).length, { timeout: 20_000 }).toBe(0);
  await doctor.context.close();
  await nurse.context.close();
});

test('edits made right after reloads, while the sync worker is still starting, each land once and in order', async ({
  page,
}) => {
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  const [, patient] = await twoPatients(page);
  const id = patient.id ?? '';
  // From now on the sync worker's script arrives seconds late, as on a slow tablet after a reload.
  let slowed = 0;
  await page.context().route('**/assets/sync.worker-*.js', async (route) => {
    slowed++;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });

  const families = ['Startup-One', 'Startup-Two'];
  for (const family of families) {
    // Opened by URL: a reload, and the form is filled before the worker has started.
    await page.goto(`/Patient/${id}/edit`);
    await setFamily(page, family);
    await okButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/Patient/${id}/details$`), { timeout: 30_000 });
  }
  expect(slowed, 'the worker started late after each reload').toBeGreaterThanOrEqual(families.length);

  await expect
    .poll(async () => (await app.outbox(page)).map((entry) => `${entry.label} ${entry.state}`), {
      timeout: 30_000,
      message: 'both edits sent',
    })
    .toEqual([]);
  await expect(app.syncStatus(page)).not.toContainText('conflict');
  const history = await app.serverRead<Bundle<Patient>>(page, `Patient/${id}/_history`);
  const made = (history.entry ?? [])
    .map((entry) => entry.resource?.name?.[0]?.family)
    .filter((family) => family?.startsWith('Startup-'))
    .reverse();
  // Each edit made one version, the first before the second: neither was lost, doubled or refused.
  expect(made).toEqual(families);
  const current = await app.serverRead<Patient>(page, `Patient/${id}`);
  expect(current.name?.[0]?.family).toBe('Startup-Two');
});

test('a sync worker whose script never loads: the header says sync stopped, and a notice says why and reloads', async ({
  page,
}) => {
  await page.context().route(/sync\.worker[^/]*\.(js|ts)/, (route) => route.abort());
  await app.signIn(page, 'doctor@example.com');

  await expect(app.syncStatus(page).getByText('Sync stopped')).toBeVisible({ timeout: 60_000 });
  await expect(app.syncStatus(page)).not.toContainText('Online');
  const notice = page.getByRole('alert').filter({ hasText: 'the sync engine did not start' });
  await expect(notice).toHaveText(
    /Changes cannot be saved: the sync engine did not start\. Reload the app\./
  );

  // The reload starts the page again; while the worker still cannot load, it says so again.
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(app.syncStatus(page).getByText('Sync stopped')).toBeVisible({ timeout: 60_000 });

  // Once the worker loads, the reload brings the app back to work.
  await page.context().unroute(/sync\.worker[^/]*\.(js|ts)/);
  await page.getByRole('alert').getByRole('button', { name: 'Reload' }).click();
  await app.waitForFirstSync(page);
  await expect(page.getByRole('alert').filter({ hasText: 'the sync engine did not start' })).toHaveCount(0);
});
