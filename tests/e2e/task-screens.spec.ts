import { expect, test, type Page } from '@playwright/test';
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

const VIEWPORTS = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(page: Page, locator: ReturnType<Page['locator']>): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box as Box;
}

test.describe('the task screens', () => {
  test('a notification shows at the bottom right without covering the Task Actions, which are visible without scrolling from 1024×768', async ({
    browser,
  }) => {
    const { page } = await signedInContext(browser, 'doctor@example.com');
    const tasks = await readyTasks(page, 24, VIEWPORTS.length);
    for (const [index, viewport] of VIEWPORTS.entries()) {
      const task = tasks[index] as TaskLike;
      await page.setViewportSize(viewport);
      await openTaskInApp(page, task.id);
      const panel = actions(page);
      if (viewport.width >= 1024) {
        await expect(panel.getByRole('button', { name: 'Delete Task' })).toBeInViewport({ ratio: 1 });
      }
      // One notification at a time: the one of the size before has closed itself.
      await expect(page.getByRole('alert').filter({ hasText: 'Task paused' })).toHaveCount(0, {
        timeout: 10_000,
      });
      await panel.getByRole('button', { name: 'Pause Task' }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'Task paused' }).first();
      await expect(toast).toBeVisible();
      const drawn = await boxOf(page, toast);
      expect(drawn.x + drawn.width, `toast at the right at ${viewport.width}`).toBeGreaterThan(
        viewport.width - 40
      );
      expect(drawn.y + drawn.height, `toast at the bottom at ${viewport.width}`).toBeGreaterThan(
        viewport.height - 40
      );
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SCREENSHOTS}/task-toast-${viewport.width}x${viewport.height}.png` });
      // No control of the panel lies under the toast (its frame's edge may).
      const toastBox = await boxOf(page, toast);
      const controls = panel.locator('button, input, textarea');
      for (let index = 0; index < (await controls.count()); index++) {
        const control = controls.nth(index);
        if (!(await control.isVisible())) continue;
        const label = (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? '';
        expect(
          overlaps(toastBox, await boxOf(page, control)),
          `toast over '${label}' at ${viewport.width}`
        ).toBe(false);
      }
    }
  });

  test('a version conflict on the open task is shown on the task page, and resolved there', async ({
    browser,
  }) => {
    const doctor = await signedInContext(browser, 'doctor@example.com');
    const nurse = await signedInContext(browser, 'nurse@example.com');
    const [task] = (await readyTasks(doctor.page, 28, 1)) as [TaskLike];
    await openTaskInApp(doctor.page, task.id);
    await openTaskInApp(nurse.page, task.id);

    await doctor.context.setOffline(true);
    await actions(doctor.page).getByRole('button', { name: 'Complete Task' }).click();
    await actions(nurse.page).getByRole('button', { name: 'Pause Task' }).click();
    await expect
      .poll(async () => (await serverRead<TaskLike>(nurse.page, `Task/${task.id}`)).status)
      .toBe('on-hold');
    await doctor.context.setOffline(false);

    const onPage = doctor.page.getByRole('main').getByRole('region', { name: 'Conflict: Complete Task' });
    await expect(onPage).toBeVisible({ timeout: 40_000 });
    await expect(onPage.getByText('Another user modified the task.')).toBeVisible();
    const statusRow = onPage.getByRole('row', { name: /status/ }).first();
    await expect(statusRow).toContainText('completed');
    await expect(statusRow).toContainText('on-hold');
    await doctor.page.screenshot({ path: `${SCREENSHOTS}/task-conflict-on-page.png` });

    await onPage.getByRole('button', { name: 'Keep theirs' }).click();
    await onPage
      .getByRole('group', { name: 'Confirm: Keep theirs' })
      .getByRole('button', { name: 'Keep theirs' })
      .click();
    await expect(onPage).toHaveCount(0);
    await expect(syncStatus(doctor.page).getByRole('button', { name: /conflict/ })).toHaveCount(0);
    await expect(doctor.page.getByRole('main').getByText('On hold').first()).toBeVisible();
  });

  test("the task's patient and focus, and the list's patient column, link to their resources", async ({
    browser,
  }) => {
    const { page } = await signedInContext(browser, 'doctor@example.com');
    const [task] = (await readyTasks(page, 35, 1)) as [
      TaskLike & { for?: { reference?: string }; focus?: { reference?: string } },
    ];
    await openTaskInApp(page, task.id);
    const details = page.getByRole('table', { name: 'Task details' });
    const focus = task.focus?.reference ?? '';
    await expect(details.getByRole('row', { name: /Focus/ }).getByRole('link')).toHaveAttribute(
      'href',
      new RegExp(`/${focus}$`)
    );
    await details.getByRole('row', { name: /^For/ }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/${task.for?.reference ?? ''}/`));

    await page.goto('/Task');
    const patientLink = page.getByRole('table', { name: 'Tasks' }).locator('a[href^="/Patient/"]').first();
    await patientLink.click();
    await expect(page).toHaveURL(/\/Patient\/[^/]+\//);
  });
});
