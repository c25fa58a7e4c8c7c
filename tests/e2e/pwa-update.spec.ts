import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  actions,
  cutApi,
  openTaskInApp,
  pendingInHeader,
  readyTasks,
  serverRead,
  signIn,
  syncStatus,
  waitForFirstSync,
  type TaskLike,
} from './support/app';
import { freePort, startHostProcess, type HostProcess } from './support/host-process';
import { outboxLabels, replicaDatabaseVersion, waitForPrecache, waitForServiceWorker } from './support/pwa';

/**
 * An app update in the field: version 1 (the `npm run build` in dist) is installed and has changes
 * queued offline; the server then serves version 2 (built here from the same sources with a new
 * version string and, through the documented VITE_REPLICA_SCHEMA_REHEARSAL hook, one more replica
 * schema version). Nothing reloads until the user asks; the queued changes survive the reload and
 * the schema upgrade, and land once the network is back.
 */
const NEXT_VERSION = '0.1.0-next';

let work: string;
let host: HostProcess | undefined;

test.beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'carequeue-update-'));
  const build = spawnSync('npx', ['vite', 'build', '--outDir', join(work, 'dist-v2'), '--emptyOutDir'], {
    env: { ...process.env, VITE_APP_VERSION: NEXT_VERSION, VITE_REPLICA_SCHEMA_REHEARSAL: '1' },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
});

test.afterAll(async () => {
  await host?.stop();
  await rm(work, { recursive: true, force: true });
});

async function serve(staticDir: string, port: number, reset = false): Promise<HostProcess> {
  host = await startHostProcess({ port, reset, dataFile: join(work, 'data.json'), staticDir });
  return host;
}

async function shownVersion(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'User menu' }).click();
  const text = await page
    .getByRole('group', { name: 'Storage on this device' })
    .getByText(/^Version /)
    .textContent();
  await page.keyboard.press('Escape');
  return (text ?? '').replace(/^Version /, '');
}

test('a new version waits for "Reload to update"; queued changes survive the reload and a schema upgrade, then land', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const v1Host = await serve('dist', port, true);
  const context = await browser.newContext({ baseURL: v1Host.url });
  const page = await context.newPage();
  await signIn(page, 'doctor@example.com');
  await waitForFirstSync(page);
  await waitForServiceWorker(page);
  await waitForPrecache(page);
  const v1 = await shownVersion(page);
  expect(v1).not.toBe(NEXT_VERSION);
  const versionBefore = await replicaDatabaseVersion(page);
  const [task] = (await readyTasks(page, 3, 1)) as [TaskLike];

  await cutApi(context);
  await openTaskInApp(page, task.id);
  for (const text of ['Before the update, one', 'Before the update, two']) {
    await actions(page).getByLabel('Note').fill(text);
    await actions(page).getByRole('button', { name: 'Add Note' }).click();
    await expect(actions(page).getByLabel('Note')).toHaveValue('');
  }
  await expect(syncStatus(page).getByText('Offline')).toBeVisible();
  await expect.poll(() => pendingInHeader(page)).toBe(2);

  // The server now serves version 2, with the same data.
  await v1Host.stop();
  await serve(join(work, 'dist-v2'), port);

  // Window focus checks for an update; the new worker installs and waits. Nothing reloads.
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const notice = page.getByRole('alert', { name: 'Update available' });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1000);
  expect(loads).toEqual([]);
  expect(await shownVersion(page)).toBe(v1);

  await notice.getByRole('button', { name: 'Reload to update' }).click();
  await expect.poll(() => loads.length, { timeout: 30_000 }).toBe(1);
  await expect(actions(page)).toBeVisible();
  expect(await shownVersion(page)).toBe(NEXT_VERSION);
  await expect(notice).toBeHidden();

  // The replica was upgraded to the new schema and the outbox came through it.
  expect(await replicaDatabaseVersion(page)).toBeGreaterThan(versionBefore);
  expect(await outboxLabels(page)).toEqual(['Add Note', 'Add Note']);
  await expect.poll(() => pendingInHeader(page)).toBe(2);
  expect((await serverRead<TaskLike>(page, `Task/${task.id}`)).note ?? []).not.toContainEqual(
    expect.objectContaining({ text: 'Before the update, one' })
  );

  // Signal again: both land.
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(true);
  await context.setOffline(false);
  await expect
    .poll(async () => (await serverRead<TaskLike>(page, `Task/${task.id}`)).note?.map((note) => note.text), {
      timeout: 40_000,
    })
    .toEqual(expect.arrayContaining(['Before the update, one', 'Before the update, two']));
  await expect.poll(() => pendingInHeader(page), { timeout: 40_000 }).toBe(0);
  await context.close();
});
