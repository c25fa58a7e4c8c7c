import { expect, test, type Page } from '@playwright/test';
import * as app from './support/app';

const PATIENT = 'patient-maria-gonzalez';

/** The drafts the replica's meta table holds (form name → stored JSON), read in the page. */
function drafts(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('carequeue');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('meta').objectStore('meta').getAllKeys();
          request.onsuccess = () => {
            resolve(request.result.map(String).filter((key) => key.startsWith('kv:draft:')));
            db.close();
          };
          request.onerror = () => resolve([]);
        };
      })
  );
}

/** Waits until a draft of the form is kept on the device. */
async function kept(page: Page, form: string): Promise<void> {
  await expect.poll(async () => (await drafts(page)).some((key) => key.endsWith(`|${form}`))).toBe(true);
}

/** Reloads, answering the browser's 'leave this page?' question when it is asked. */
async function reload(page: Page): Promise<void> {
  const accept = (dialog: { type(): string; accept(): Promise<void> }) => {
    if (dialog.type() === 'beforeunload') void dialog.accept();
  };
  page.on('dialog', accept);
  await page.reload();
  page.off('dialog', accept);
}

test.beforeEach(async ({ page }) => {
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
});

test('a resource edit survives a reload and Back, and leaving the page asks first', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/Patient/${PATIENT}/edit`);
  const family = page.getByLabel('Family', { exact: true }).first();
  await expect(family).toBeVisible({ timeout: 30_000 });
  await family.fill('Gonzalez-Draft');
  await kept(page, `edit:Patient/${PATIENT}`);

  await reload(page);
  await expect(page.getByText('Draft restored')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Family', { exact: true }).first()).toHaveValue('Gonzalez-Draft');

  // An in-app navigation asks; Stay keeps the page and its input.
  await page.getByRole('link', { name: 'Doctor Tasks' }).click();
  await expect(page.getByText('Leave this page?')).toBeVisible();
  await page.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`/Patient/${PATIENT}/edit$`));
  await page.getByRole('link', { name: 'Doctor Tasks' }).click();
  await page.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/Task/);

  // Back: the form opens on the draft again.
  await page.goBack();
  await expect(page.getByText('Draft restored')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Family', { exact: true }).first()).toHaveValue('Gonzalez-Draft');
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByLabel('Family', { exact: true }).first()).not.toHaveValue('Gonzalez-Draft');
});

test('a task note, the new-task form and a clinical dialog restore their drafts after a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The note box of the first task of the queue.
  await page.locator('a[href*="/Task/"]').first().click();
  const note = page.getByRole('textbox', { name: 'Note' });
  await expect(note).toBeVisible({ timeout: 30_000 });
  await note.fill('Called the lab, waiting for results');
  const taskUrl = page.url();
  await expect.poll(async () => (await drafts(page)).some((key) => key.includes('|note:Task/'))).toBe(true);
  await reload(page);
  await expect(page.getByText('Draft restored')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Note' })).toHaveValue(
    'Called the lab, waiting for results'
  );
  expect(page.url()).toBe(taskUrl);
  // The note box stays beside every tab of the task: moving to the Notes tab does not ask to leave.
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(page).toHaveURL(/\/notes$/);
  await expect(page.getByRole('dialog', { name: 'Leave this page?' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Note' })).toHaveValue(
    'Called the lab, waiting for results'
  );

  // The new-task form: closing the dialog keeps the description, a reload restores it.
  await page.goto('/Task');
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'New' }).click();
  let dialog = page.getByRole('dialog', { name: 'New Task' });
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Book a follow-up');
  await kept(page, 'new-task');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Your input is kept as a draft on this device.')).toBeVisible();
  await reload(page);
  await page.getByRole('button', { name: 'New' }).click();
  dialog = page.getByRole('dialog', { name: 'New Task' });
  await expect(dialog.getByText('Draft restored')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue('Book a follow-up');

  // A clinical dialog of the patient summary.
  await page.goto(`/Patient/${PATIENT}/summary`);
  await page.getByRole('button', { name: 'Add Allergy' }).click();
  let allergy = page.getByRole('dialog', { name: 'Add Allergy' });
  await allergy.getByRole('combobox', { name: 'Allergy' }).fill('Latex');
  await kept(page, `clinical:Allergy:new:Patient/${PATIENT}`);
  await reload(page);
  await page.getByRole('button', { name: 'Add Allergy' }).click();
  allergy = page.getByRole('dialog', { name: 'Add Allergy' });
  await expect(allergy.getByText('Draft restored')).toBeVisible();
  await expect(allergy.getByRole('combobox', { name: 'Allergy' })).toHaveValue('Latex');
});

test('a vital sign typed in its dialog comes back after a reload, and Discard starts again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`/Patient/${PATIENT}/summary`);
  await page.getByRole('button', { name: 'Add Vital' }).click();
  let vital = page.getByRole('dialog', { name: 'Add Vital' });
  await vital.getByRole('textbox', { name: 'Systolic' }).fill('131');
  await vital.getByRole('textbox', { name: 'Diastolic' }).fill('8');
  await kept(page, `clinical:Vital:new:Patient/${PATIENT}`);
  await reload(page);

  await page.getByRole('button', { name: 'Add Vital' }).click();
  vital = page.getByRole('dialog', { name: 'Add Vital' });
  await expect(vital.getByText('Draft restored')).toBeVisible();
  await expect(vital.getByRole('textbox', { name: 'Systolic' })).toHaveValue('131');
  await expect(vital.getByRole('textbox', { name: 'Diastolic' })).toHaveValue('8');
  await page.screenshot({ path: `${app.SCREENSHOTS}/drafts-vital-restored.png` });

  await vital.getByRole('button', { name: 'Discard' }).click();
  await expect(vital.getByText('Draft restored')).toBeHidden();
  await expect(vital.getByRole('textbox', { name: 'Systolic' })).toHaveValue('');
  await expect(vital.getByRole('textbox', { name: 'Diastolic' })).toHaveValue('');
  await expect
    .poll(async () =>
      (await drafts(page)).some((key) => key.endsWith(`|clinical:Vital:new:Patient/${PATIENT}`))
    )
    .toBe(false);
});

test('questionnaire answers stay on the device until Submit and come back after a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`/Questionnaire/questionnaire-new-patient-intake/form?subject=Patient/${PATIENT}`);
  const name = page.getByRole('textbox', { name: 'Preferred name' });
  await expect(name).toBeVisible({ timeout: 30_000 });
  await name.fill('Mari');
  await expect(page.getByRole('status', { name: 'Response state' })).toContainText(
    'sent only when you submit'
  );
  expect((await app.outbox(page)).map((entry) => entry.label)).toEqual([]);
  await reload(page);
  await expect(page.getByText('Draft restored')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Preferred name' })).toHaveValue('Mari');
});
