import { expect, test, type Page } from '@playwright/test';
import { actions, openTaskInApp, readyTasks, SCREENSHOTS, signedInContext, type TaskLike } from './support/app';

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
  test('notifications never cover the Task Actions, which are visible without scrolling from 1024×768', async ({
    browser,
  }) => {
    const { page } = await signedInContext(browser, 'doctor@example.com');
    const tasks = await readyTasks(page, 30, VIEWPORTS.length);
    for (const [index, viewport] of VIEWPORTS.entries()) {
      const task = tasks[index] as TaskLike;
      await page.setViewportSize(viewport);
      await openTaskInApp(page, task.id);
      const panel = actions(page);
      if (viewport.width >= 1024) {
        await expect(panel.getByRole('button', { name: 'Add Note' })).toBeInViewport();
      }
      await panel.getByRole('button', { name: 'Pause Task' }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'Task paused' });
      await expect(toast).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SCREENSHOTS}/task-toast-${viewport.width}x${viewport.height}.png` });
      const panelBox = await boxOf(page, panel);
      const scroll = await page.evaluate(() => window.scrollY);
      const visiblePanel = { ...panelBox, y: panelBox.y };
      expect(overlaps(await boxOf(page, toast), visiblePanel), `toast over the panel at ${viewport.width}`).toBe(
        false
      );
      expect(scroll).toBeGreaterThanOrEqual(0);
    }
  });
});
