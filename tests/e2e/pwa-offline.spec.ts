import { expect, test } from '@playwright/test';
import {
  actions,
  openTaskInApp,
  pendingInHeader,
  readyTasks,
  serverRead,
  signIn,
  syncStatus,
  waitForFirstSync,
  type TaskLike,
} from './support/app';
import { waitForPrecache, waitForServiceWorker } from './support/pwa';

test.describe('installed app offline', () => {
  test('a cold start with no network renders the shell and My Tasks from the cache and the replica; a change made there lands once online', async ({
    page,
    context,
  }) => {
    await signIn(page, 'doctor@example.com');
    await waitForFirstSync(page);
    await waitForServiceWorker(page);
    await waitForPrecache(page);
    const [task] = (await readyTasks(page, 2, 1)) as [TaskLike];
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      start_url: string;
    };
    const startUrl = manifest.start_url;
    await page.close();

    await context.setOffline(true);
    const reopened = await context.newPage();
    // The manifest's start_url, loaded with no network at all.
    await reopened.goto(startUrl);
    await expect(reopened.getByRole('table', { name: 'Tasks' })).toBeVisible();
    await reopened.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Tasks' }).click();
    await expect(reopened.getByRole('heading', { level: 1, name: 'My Tasks' })).toBeVisible();
    await expect(reopened.getByRole('table', { name: 'Tasks' }).locator('tbody tr').first()).toBeVisible();
    await expect(syncStatus(reopened).getByText('Offline')).toBeVisible();

    await openTaskInApp(reopened, task.id);
    await actions(reopened).getByLabel('Note').fill('Added on a cold start without signal');
    await actions(reopened).getByRole('button', { name: 'Add Note' }).click();
    await expect(actions(reopened).getByLabel('Note')).toHaveValue('');
    await expect.poll(() => pendingInHeader(reopened)).toBe(1);

    await context.setOffline(false);
    await expect
      .poll(
        async () => (await serverRead<TaskLike>(reopened, `Task/${task.id}`)).note?.map((note) => note.text),
        {
          timeout: 40_000,
        }
      )
      .toContain('Added on a cold start without signal');
    await expect.poll(() => pendingInHeader(reopened), { timeout: 40_000 }).toBe(0);
  });
});
