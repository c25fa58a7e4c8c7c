import type { Bundle, DiagnosticReport, Observation, QuestionnaireResponse, Task } from '@medplum/fhirtypes';
import { expect, test, type Page } from '@playwright/test';
import * as app from './support/app';

const PATIENT = 'patient-maria-gonzalez';
const INTAKE_URL = 'https://carequeue.example.org/fhir/Questionnaire/new-patient-intake';
const SIZES = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];

async function screenshots(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${app.SCREENSHOTS}/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
}

/** The patient's completed intake responses on the server, read with the page's token. */
async function completedIntakes(page: Page): Promise<QuestionnaireResponse[]> {
  const bundle = await app.serverRead<Bundle<QuestionnaireResponse>>(
    page,
    `QuestionnaireResponse?subject=Patient/${PATIENT}&status=completed&_count=100`
  );
  return (bundle.entry ?? []).flatMap((entry) =>
    entry.resource?.questionnaire === INTAKE_URL ? [entry.resource] : []
  );
}

/** Every answer of a response by linkId, nested items included. */
function answersOf(response: QuestionnaireResponse | undefined): Record<string, unknown[]> {
  const found: Record<string, unknown[]> = {};
  const walk = (items: QuestionnaireResponse['item']) => {
    for (const item of items ?? []) {
      if (item.answer) found[item.linkId] = item.answer;
      walk(item.item);
    }
  };
  walk(response?.item);
  return found;
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' });

test('the multi-page intake is filled in for a patient, survives a reload, and lands completed on the server', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);

  // The patient's page offers the questionnaires to fill in.
  await page.goto(`/Patient/${PATIENT}/details`);
  await page.getByRole('button', { name: 'Fill questionnaire' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fill questionnaire' });
  await dialog.getByRole('combobox', { name: 'Questionnaire' }).click();
  await dialog.getByRole('option', { name: 'New patient intake' }).click();
  await dialog.getByRole('button', { name: 'Fill' }).click();
  await expect(page).toHaveURL(/\/Questionnaire\/questionnaire-new-patient-intake\/form\?subject=Patient/);
  await expect(page.getByText('Maria Gonzalez')).toBeVisible({ timeout: 20_000 });

  // Page 1: Next is blocked until the required answers are given.
  await next(page).click();
  await expect(page.getByText('This question needs an answer').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Preferred name' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Preferred name' }).fill('Mari');
  await page.getByLabel('Date of birth').fill('1984-02-29');
  // The gender drop-down's options come from the value set's expansion.
  await page.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await screenshots(page, 'questionnaire-page1');
  await next(page).click();

  // Page 2: the allergy details appear only once allergies are reported.
  await expect(page.getByRole('checkbox', { name: 'Hypertension' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Hypertension' }).check();
  await page.getByRole('checkbox', { name: 'Asthma' }).check();
  await expect(page.getByLabel('What are you allergic to, and what happens?')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Do you have any allergies?' }).check();
  await page.getByLabel('What are you allergic to, and what happens?').fill('Latex: itchy rash');
  await page.getByRole('textbox', { name: 'Medicines you take' }).fill('Salbutamol inhaler');

  // Reload once the last answer is kept: the answers are a draft on this device until Submit, and
  // leaving with them asks the browser's question first.
  await expect(page.getByRole('status', { name: 'Response state' })).toContainText('kept on this device at', {
    timeout: 10_000,
  });
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Preferred name' })).toHaveValue('Mari', {
    timeout: 20_000,
  });
  await next(page).click();
  await expect(page.getByRole('checkbox', { name: 'Hypertension' })).toBeChecked();
  await expect(page.getByLabel('What are you allergic to, and what happens?')).toHaveValue(
    'Latex: itchy rash'
  );
  await next(page).click();

  // Page 3: packs a day is asked only of a smoker, and then required.
  await expect(page.getByLabel('Packs a day')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Daily smoker' }).check();
  await next(page).click();
  await expect(page.getByText('This question needs an answer')).toBeVisible();
  // A bad number stays where it was typed with its error and blocks the page; nothing is sent.
  await page.getByLabel('Packs a day').fill('0.5.5');
  await next(page).click();
  await expect(page.getByText('Not a number')).toBeVisible();
  await expect(page.getByLabel('Packs a day')).toHaveValue('0.5.5');
  expect(await app.outbox(page)).toEqual([]);
  await page.getByLabel('Packs a day').fill('0.5');
  await page.getByLabel('Alcoholic drinks in a typical week').fill('16');
  await expect(page.getByText(/More than 14 drinks a week/)).toBeVisible();
  await next(page).click();

  // Page 4: the practitioner picker is filtered to active practitioners; consent is required.
  await page.getByRole('combobox', { name: 'Primary care practitioner' }).fill('Smith');
  await page.getByRole('option', { name: /Alice Smith/ }).click();
  await page.getByRole('checkbox', { name: /I agree to be treated/ }).check();
  await screenshots(page, 'questionnaire-page4');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Response submitted')).toBeVisible();

  // The server holds one completed response with the answers given.
  await expect.poll(() => completedIntakes(page), { timeout: 40_000 }).toHaveLength(1);
  const [response] = await completedIntakes(page);
  expect(response?.author?.reference).toBe('Practitioner/practitioner-alice-smith');
  const answers = answersOf(response);
  expect(answers['preferred-name']).toEqual([{ valueString: 'Mari' }]);
  expect(answers['birth-date']).toEqual([{ valueDate: '1984-02-29' }]);
  expect(answers['gender']).toEqual([
    { valueCoding: expect.objectContaining({ code: 'female' }) as unknown },
  ]);
  expect(answers['conditions']).toHaveLength(2);
  expect(answers['allergy-details']).toEqual([{ valueString: 'Latex: itchy rash' }]);
  expect(answers['packs-per-day']).toEqual([{ valueDecimal: 0.5 }]);
  expect(answers['drinks-per-week']).toEqual([{ valueInteger: 16 }]);
  expect(answers['primary-care']).toEqual([
    {
      valueReference: expect.objectContaining({
        reference: 'Practitioner/practitioner-alice-smith',
      }) as unknown,
    },
  ]);
  expect(answers['consent']).toEqual([{ valueBoolean: true }]);
  // No in-progress copy is left behind.
  const drafts = await app.serverRead<Bundle>(
    page,
    `QuestionnaireResponse?subject=Patient/${PATIENT}&status=in-progress&author=Practitioner/practitioner-alice-smith`
  );
  expect(drafts.entry ?? []).toHaveLength(0);
});

test('a report shows its specimen and highlights its critical result', async ({ page }) => {
  test.setTimeout(120_000);
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  // A report with a critical result beside ordinary ones.
  const bundle = await app.serverRead<Bundle<DiagnosticReport | Observation>>(
    page,
    'DiagnosticReport?_count=100&_include=DiagnosticReport:result'
  );
  const resources = (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
  const isCritical = (resource: DiagnosticReport | Observation | undefined): resource is Observation =>
    resource?.resourceType === 'Observation' && resource.interpretation?.[0]?.coding?.[0]?.code === 'HH';
  const byReference = (reference: string | undefined) =>
    resources.find((resource) => `${resource.resourceType}/${resource.id}` === reference);
  let report: DiagnosticReport | undefined;
  let observation: Observation | undefined;
  for (const candidate of resources) {
    if (candidate.resourceType !== 'DiagnosticReport' || (candidate.result?.length ?? 0) < 2) continue;
    const flagged = (candidate.result ?? []).map((result) => byReference(result.reference)).find(isCritical);
    if (flagged) {
      report = candidate;
      observation = flagged;
      break;
    }
  }
  expect(report?.id, 'a report with a critical result among others').toBeTruthy();

  await page.goto(`/DiagnosticReport/${report?.id}`);
  await expect(page).toHaveURL(new RegExp(`/DiagnosticReport/${report?.id}/report$`));
  const specimens = page.getByRole('list', { name: 'Specimens' });
  await expect(specimens.getByRole('listitem')).toContainText(/Collected \d{4}-\d{2}-\d{2} \d{2}:\d{2}/, {
    timeout: 20_000,
  });
  await expect(specimens.getByRole('listitem')).toContainText(/Received \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  const results = page.getByRole('table', { name: 'Results' });
  const row = results.getByRole('row', { name: `${observation?.code?.text} (critical)` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Critical high');
  // Highlighted: the critical row's background differs from an ordinary row's.
  const background = (locator: ReturnType<Page['locator']>) =>
    locator.evaluate((element) => getComputedStyle(element).backgroundColor);
  const ordinary = results.locator('tbody tr:not([data-critical])').first();
  expect(await background(row)).not.toBe(await background(ordinary));
  await screenshots(page, 'report-critical');
});

test("a task's page opens a questionnaire about the task's patient", async ({ page }) => {
  test.setTimeout(120_000);
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  const tasks = await app.serverRead<Bundle<Task>>(page, 'Task?_count=1&_sort=_id');
  const task = tasks.entry?.[0]?.resource;
  expect(task?.for?.reference).toMatch(/^Patient\//);
  await page.goto(`/Task/${task?.id}/details`);
  await expect(page.getByRole('button', { name: 'Fill questionnaire' })).toBeVisible({ timeout: 20_000 });
  await app.screenshotAtSizes(page, 'task-fill-questionnaire', false);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByRole('button', { name: 'Fill questionnaire' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fill questionnaire' });
  await dialog.getByRole('combobox', { name: 'Questionnaire' }).click();
  await dialog.getByRole('option', { name: 'New patient intake' }).click();
  await dialog.getByRole('button', { name: 'Fill' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/Questionnaire/questionnaire-new-patient-intake/form\\?task=Task/${task?.id}`)
  );
  await expect(page.getByRole('textbox', { name: 'Preferred name' })).toBeVisible({ timeout: 20_000 });
});

test("a questionnaire submitted offline for a task becomes the task's output, pointing at the server's response", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  // A task about a patient that has no output yet.
  const tasks = await app.serverRead<Bundle<Task>>(page, 'Task?_count=50&_sort=-_id');
  const task = tasks.entry
    ?.map((entry) => entry.resource)
    .find((candidate) => candidate?.for?.reference?.startsWith('Patient/') && !candidate.output);
  expect(task?.id, 'a task about a patient without outputs').toBeTruthy();

  await page.goto(`/Task/${task?.id}/details`);
  await page.getByRole('button', { name: 'Fill questionnaire' }).click({ timeout: 20_000 });
  const dialog = page.getByRole('dialog', { name: 'Fill questionnaire' });
  await dialog.getByRole('combobox', { name: 'Questionnaire' }).click();
  await dialog.getByRole('option', { name: 'Patient Health Questionnaire (PHQ-9)' }).click();
  await dialog.getByRole('button', { name: 'Fill' }).click();
  const notAtAll = page.getByRole('radio', { name: 'Not at all' });
  await expect(notAtAll).toHaveCount(9, { timeout: 20_000 });

  // Offline: the response is created, completed and linked on this device, and waits to sync.
  await context.setOffline(true);
  await expect(app.syncStatus(page).getByText('Offline')).toBeVisible();
  for (const radio of await notAtAll.all()) await radio.check();
  await page.getByRole('button', { name: 'Submit' }).click();
  // Offline it is not 'submitted': the words say where the response is.
  await expect(page.getByText('Response kept on this device, will be sent')).toBeVisible();
  await expect(page.getByText('Response submitted')).toHaveCount(0);
  await expect
    .poll(async () => (await app.outbox(page)).map((entry) => entry.label))
    .toContain('Link questionnaire response');
  expect((await app.serverRead<Task>(page, `Task/${task?.id}`)).output).toBeUndefined();

  // Online again: the task's output points at the response the server holds, completed.
  await context.setOffline(false);
  await expect.poll(() => app.pendingInHeader(page), { timeout: 40_000 }).toBe(0);
  const landed = await app.serverRead<Task>(page, `Task/${task?.id}`);
  expect(landed.output).toHaveLength(1);
  expect(landed.output?.[0]?.type?.text).toBe('Questionnaire response');
  const reference = landed.output?.[0]?.valueReference?.reference ?? '';
  expect(reference).toMatch(/^QuestionnaireResponse\//);
  const response = await app.serverRead<QuestionnaireResponse>(page, reference);
  expect(response).toMatchObject({
    status: 'completed',
    questionnaire: 'https://carequeue.example.org/fhir/Questionnaire/phq-9',
    subject: { reference: task?.for?.reference },
  });
  expect(answersOf(response)['phq9-1']).toEqual([
    { valueCoding: expect.objectContaining({ display: 'Not at all' }) as unknown },
  ]);

  // The task's details link to the response.
  await page.goto(`/Task/${task?.id}/details`);
  const link = page
    .getByRole('table', { name: 'Task details' })
    .getByRole('link', { name: 'Questionnaire response: Patient Health Questionnaire (PHQ-9)' });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await app.screenshotAtSizes(page, 'task-output-response');
  await page.setViewportSize({ width: 1024, height: 768 });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/${reference}(/|$)`));
});
