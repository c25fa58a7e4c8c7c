import { expect, test } from '@playwright/test';
import {
  actions,
  openTaskInApp,
  outbox,
  pendingInHeader,
  readyTasks,
  reloadOffline,
  SCREENSHOTS,
  serverRead,
  signIn,
  syncStatus,
  waitForFirstSync,
  type TaskLike,
} from './support/app';

const DOCTOR = 'Practitioner/';

test.describe('offline', () => {
  test('five kinds of change made offline survive a reload and all land on the server', async ({
    page,
    context,
  }) => {
    await signIn(page, 'doctor@example.com');
    await waitForFirstSync(page);
    const [task] = (await readyTasks(page, 0, 1)) as [TaskLike];
    await openTaskInApp(page, task.id);

    await context.setOffline(true);
    await expect(syncStatus(page).getByText('Offline')).toBeVisible();
    await expect(page.getByText('No connection to server')).toBeVisible();

    const panel = actions(page);
    await panel.getByRole('button', { name: 'Claim Task' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(panel.getByRole('button', { name: 'Claim Task' })).toBeHidden();

    await panel.getByRole('button', { name: 'Pause Task' }).click();
    await expect(panel.getByRole('button', { name: 'Resume Task' })).toBeVisible();

    await panel.getByLabel('Note').fill('Written in the basement, offline');
    await panel.getByRole('button', { name: 'Add Note' }).click();
    await expect(panel.getByLabel('Note')).toHaveValue('');

    await panel.getByRole('button', { name: /(Add|Change) Due-Date/ }).click();
    await page.getByRole('dialog').getByLabel('Due date').fill('2031-03-15');
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    // Over two years ahead: the dialog asks to confirm under the field first.
    await page.getByRole('dialog').getByRole('button', { name: 'Save anyway' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    const select = panel.getByRole('combobox', { name: 'Update Business Status' });
    const current = await select.inputValue();
    await select.click();
    const options = page.getByRole('option');
    const choice = current ? options.filter({ hasNotText: current }).first() : options.first();
    const businessStatus = (await choice.textContent()) ?? '';
    await choice.click();

    await expect.poll(() => pendingInHeader(page)).toBe(5);
    await page.screenshot({ path: `${SCREENSHOTS}/offline-header.png` });
    expect((await outbox(page)).map((entry) => entry.label)).toEqual([
      'Claim Task',
      'Pause Task',
      'Add Note',
      expect.stringMatching(/(Add|Change) Due-Date/),
      'Update Business Status',
    ]);

    await reloadOffline(page);
    await expect(actions(page).getByRole('button', { name: 'Resume Task' })).toBeVisible();
    await expect.poll(() => pendingInHeader(page)).toBe(5);
    await page.getByRole('tab', { name: 'Notes' }).click();
    await expect(
      page.getByRole('list', { name: 'Notes' }).getByText('Written in the basement, offline')
    ).toBeVisible();

    // Nothing reached the server while the tablet was offline.
    expect((await serverRead<TaskLike>(page, `Task/${task.id}`)).status).toBe('ready');
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    await expect(syncStatus(page).getByText('Online')).toBeVisible({ timeout: 40_000 });
    await expect.poll(() => pendingInHeader(page), { timeout: 40_000 }).toBe(0);

    const landed = await serverRead<TaskLike>(page, `Task/${task.id}`);
    expect(landed.owner?.reference).toMatch(new RegExp(`^${DOCTOR}`));
    expect(landed.status).toBe('on-hold');
    expect(landed.note?.map((note) => note.text)).toContain('Written in the basement, offline');
    expect(landed.restriction?.period?.end).toMatch(/^2031-03-1[45]/);
    expect(landed.businessStatus?.coding?.[0]?.display).toBe(businessStatus);
    await page.screenshot({ path: `${SCREENSHOTS}/online-synced.png` });
  });

  test('a change made just before the tab closed is kept and reaches the server', async ({
    page,
    context,
  }) => {
    await signIn(page, 'doctor@example.com');
    await waitForFirstSync(page);
    const [task] = (await readyTasks(page, 1, 1)) as [TaskLike];
    await openTaskInApp(page, task.id);

    await context.setOffline(true);
    await actions(page).getByLabel('Note').fill('Typed as the battery died');
    await actions(page).getByRole('button', { name: 'Add Note' }).click();
    await expect(actions(page).getByLabel('Note')).toHaveValue('');
    await page.close();

    await context.setOffline(false);
    const reopened = await context.newPage();
    await reopened.goto(`/Task/${task.id}/notes`);
    await expect(
      reopened.getByRole('list', { name: 'Notes' }).getByText('Typed as the battery died')
    ).toBeVisible();
    await expect
      .poll(
        async () => (await serverRead<TaskLike>(reopened, `Task/${task.id}`)).note?.map((note) => note.text),
        {
          timeout: 40_000,
        }
      )
      .toContain('Typed as the battery died');
    await expect.poll(() => pendingInHeader(reopened)).toBe(0);
  });
});
