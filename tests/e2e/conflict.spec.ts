import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  actions,
  openTaskInApp,
  readyTasks,
  SCREENSHOTS,
  serverRead,
  signedInContext,
  syncStatus,
  type TaskLike,
} from './support/app';

/**
 * The doctor completes a task offline while the nurse, online, pauses it. When the doctor's tablet
 * comes back, her change meets the nurse's: a conflict she resolves in the conflicts panel.
 */
async function completeWhileNursePauses(browser: Browser, offset: number) {
  const doctor = await signedInContext(browser, 'doctor@example.com');
  const nurse = await signedInContext(browser, 'nurse@example.com');
  const [task] = (await readyTasks(doctor.page, offset, 1)) as [TaskLike];
  await openTaskInApp(doctor.page, task.id);
  await openTaskInApp(nurse.page, task.id);

  await doctor.context.setOffline(true);
  await actions(doctor.page).getByRole('button', { name: 'Complete Task' }).click();
  await expect(syncStatus(doctor.page).getByText('1 change waiting to sync')).toBeVisible();

  await actions(nurse.page).getByRole('button', { name: 'Pause Task' }).click();
  await expect
    .poll(async () => (await serverRead<TaskLike>(nurse.page, `Task/${task.id}`)).status)
    .toBe('on-hold');

  await doctor.context.setOffline(false);
  const conflicts = syncStatus(doctor.page).getByRole('button', { name: '1 conflict' });
  await expect(conflicts).toBeVisible({ timeout: 40_000 });
  await conflicts.click();
  // The open task page shows the conflict too: these steps resolve it in the header's panel.
  const conflict = doctor.page
    .getByRole('dialog', { name: 'Conflicts and failed changes' })
    .getByRole('region', { name: 'Conflict: Complete Task' });
  await expect(conflict.getByText('Another user modified the task.')).toBeVisible();
  const statusRow = conflict.getByRole('row', { name: /status/ }).first();
  await expect(statusRow).toContainText('completed');
  await expect(statusRow).toContainText('on-hold');
  return { doctor, nurse, task, conflict };
}

async function touchTargets(page: Page, names: string[]): Promise<void> {
  for (const name of names) {
    const box = await page.getByRole('button', { name }).first().boundingBox();
    expect(box?.height ?? 0, name).toBeGreaterThanOrEqual(44);
  }
}

test.describe('conflicts', () => {
  test("the later change gets 'Another user modified the task.'; 'Apply mine again' puts it on the server", async ({
    browser,
  }) => {
    const { doctor, nurse, task, conflict } = await completeWhileNursePauses(browser, 10);
    await doctor.page.waitForTimeout(400);
    await doctor.page.screenshot({ path: `${SCREENSHOTS}/conflicts-panel.png` });
    await touchTargets(doctor.page, ['Apply mine again', 'Keep theirs']);

    await conflict.getByRole('button', { name: 'Apply mine again' }).click();
    const confirmMine = conflict.getByRole('group', { name: 'Confirm: Apply mine again' });
    await expect(confirmMine.getByText('Nothing else is discarded.')).toBeVisible();
    await confirmMine.getByRole('button', { name: 'Apply mine again' }).click();
    await expect(conflict).toBeHidden();
    await expect
      .poll(async () => (await serverRead<TaskLike>(doctor.page, `Task/${task.id}`)).status, {
        timeout: 40_000,
      })
      .toBe('completed');
    await expect(syncStatus(doctor.page).getByRole('button', { name: /conflict/ })).toBeHidden();
    await expect(syncStatus(doctor.page).getByTestId('pending-changes')).toBeHidden();
    await doctor.context.close();
    await nurse.context.close();
  });

  test("'Keep theirs' drops my change: the server and my screen keep the other user's", async ({
    browser,
  }) => {
    const { doctor, nurse, task, conflict } = await completeWhileNursePauses(browser, 11);

    await conflict.getByRole('button', { name: 'Keep theirs' }).click();
    await conflict
      .getByRole('group', { name: 'Confirm: Keep theirs' })
      .getByRole('button', { name: 'Keep theirs' })
      .click();
    await expect(conflict).toBeHidden();
    await doctor.page.keyboard.press('Escape');
    await expect(actions(doctor.page).getByRole('button', { name: 'Resume Task' })).toBeVisible();
    await expect(syncStatus(doctor.page).getByTestId('pending-changes')).toBeHidden();
    expect((await serverRead<TaskLike>(nurse.page, `Task/${task.id}`)).status).toBe('on-hold');
    await doctor.context.close();
    await nurse.context.close();
  });
});
