import { expect, test, type Page } from '@playwright/test';
import { lastReadyTasks, serverRead, signIn, waitForFirstSync, type TaskLike } from './support/app';

/**
 * A keyboard-only user: after signing in, every step is a key press (Tab, Shift+Tab, Enter, Escape,
 * typing); nothing is clicked. Each control reached shows a visible focus ring.
 */

const PATIENT = 'patient-maria-gonzalez';

/** The focused element's accessible name as a user hears it: aria-label, its label, or its text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '';
    const labelled = element.getAttribute('aria-labelledby');
    const byId = labelled ? document.getElementById(labelled)?.textContent : undefined;
    const label = (element as HTMLInputElement).labels?.[0]?.textContent;
    return (element.getAttribute('aria-label') ?? byId ?? label ?? element.textContent ?? '').trim();
  });
}

/** Whether the focused element draws a focus ring: an outline at least 2 px wide, not 'none'. */
function focusRingShown(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return false;
    const style = getComputedStyle(element);
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
  });
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches, then checks its ring. */
async function tabTo(page: Page, name: RegExp, { backwards = false, max = 150 } = {}): Promise<void> {
  const seen: string[] = [];
  for (let step = 0; step < max; step += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const current = await focusedName(page);
    if (name.test(current)) {
      expect(await focusRingShown(page), `a focus ring on '${current}'`).toBe(true);
      return;
    }
    seen.push(current);
  }
  throw new Error(`${String(name)} not reached by keyboard; focus went through: ${seen.join(' | ')}`);
}

/** Whether the focus is inside the open dialog named `name`. */
function focusInDialog(page: Page, name: string): Promise<boolean> {
  return page.getByRole('dialog', { name }).evaluate((dialog) => dialog.contains(document.activeElement));
}

test('a keyboard alone claims a task, adds a note, completes it, and edits a patient', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'doctor@example.com');
  await waitForFirstSync(page);

  // New Task: the dialog takes the focus, keeps it, and gives it back when closed.
  await tabTo(page, /^New$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'New Task' })).toBeVisible();
  expect(await focusInDialog(page, 'New Task')).toBe(true);
  for (let step = 0; step < 30; step += 1) await page.keyboard.press('Tab');
  expect(await focusInDialog(page, 'New Task'), 'Tab stays inside the open dialog').toBe(true);
  // Escape closes the dialog; when the focus is on a field whose suggestions are open (the Patient
  // combobox shows them as it gets the focus), the first Escape closes those, the second the dialog.
  const newTask = page.getByRole('dialog', { name: 'New Task' });
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(newTask).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ intervals: [0], timeout: 5_000 });
  await expect.poll(() => focusedName(page), { message: 'the focus is back on New' }).toBe('New');

  // A ready task nobody owns, from the end of that pool: its page, opened by its address.
  const [task] = (await lastReadyTasks(page, 1, 1)) as [TaskLike];
  await page.goto(`/Task/${task.id}/details`);
  const panel = page.getByRole('region', { name: 'Task Actions' });
  await expect(panel).toBeVisible();

  // Claim (confirmed in a dialog whose Confirm has the focus).
  await tabTo(page, /^Claim Task$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Claim Task' })).toBeVisible();
  expect(await focusedName(page)).toBe('Confirm');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Task claimed' }).first()).toBeVisible();

  // A note: typed in the Note field, added with its button.
  await tabTo(page, /^Note$/);
  await page.keyboard.type('Called the patient back');
  await tabTo(page, /^Add Note$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Comment added.' }).first()).toBeVisible();

  // Complete.
  await tabTo(page, /^Complete Task$/, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Task completed' }).first()).toBeVisible();
  await expect
    .poll(async () => {
      const stored = await serverRead<TaskLike>(page, `Task/${task.id}`);
      return [stored.status, stored.owner?.reference ?? '', stored.note?.map((note) => note.text) ?? []];
    })
    .toEqual([
      'completed',
      expect.stringMatching(/^Practitioner\//),
      expect.arrayContaining(['Called the patient back']),
    ]);

  // The console's edit form of a patient: a new family name, saved with OK.
  await page.goto(`/Patient/${PATIENT}/edit`);
  await expect(page.getByRole('button', { name: 'OK', exact: true })).toBeVisible({ timeout: 20_000 });
  await tabTo(page, /^Family$/);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Gonzalez-Keys');
  await tabTo(page, /^OK$/, { max: 400 });
  await page.keyboard.press('Enter');
  await expect
    .poll(
      async () =>
        (await serverRead<{ name?: { family?: string }[] }>(page, `Patient/${PATIENT}`)).name?.[0]?.family,
      {
        timeout: 40_000,
      }
    )
    .toBe('Gonzalez-Keys');
});
