import type { Bundle, Communication, DiagnosticReport, Media, Task } from '@medplum/fhirtypes';
import { expect, test, type Page } from '@playwright/test';
import * as app from './support/app';

/** The timeline's cards, top to bottom. */
const cards = (page: Page) => page.getByLabel(/timeline item$/i);
const card = (page: Page, text: string) => cards(page).filter({ hasText: text });

async function commentsOnServer(
  page: Page,
  reportId: string,
  text: string,
  about = 'DiagnosticReport'
): Promise<Communication[]> {
  const bundle = await app.serverRead<Bundle<Communication>>(
    page,
    `Communication?based-on=${about}/${reportId}&_count=100`
  );
  return (bundle.entry ?? []).flatMap((entry) =>
    entry.resource?.payload?.[0]?.contentString === text ? [entry.resource] : []
  );
}

async function comment(page: Page, text: string): Promise<void> {
  await page.getByLabel('Comment', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
}

test('comment on a report, pin it first, upload a file with progress, and comment offline', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  const reports = await app.serverRead<Bundle<DiagnosticReport>>(page, 'DiagnosticReport?_count=1&_sort=_id');
  const reportId = reports.entry?.[0]?.resource?.id ?? '';
  expect(reportId).not.toBe('');
  await page.goto(`/DiagnosticReport/${reportId}/timeline`);
  await expect(page.getByRole('button', { name: 'Upload' })).toBeVisible({ timeout: 30_000 });

  // A comment lands on the server once; pinned, it is drawn first and marked.
  const first = `Checked with the lab ${stamp}`;
  await comment(page, first);
  await expect(card(page, first)).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => commentsOnServer(page, reportId, first), { timeout: 40_000 }).toHaveLength(1);
  await expect(card(page, first).getByText('Waiting to sync')).toHaveCount(0, { timeout: 20_000 });
  await card(page, first).getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByText('Danger zone')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Pin' }).click();
  await expect(cards(page).first()).toContainText(first);
  await expect(cards(page).first()).toHaveAccessibleName('Pinned timeline item');
  await expect
    .poll(async () => (await commentsOnServer(page, reportId, first))[0]?.priority, { timeout: 40_000 })
    .toBe('stat');

  // An upload shows its progress, then a completed Media card naming the file. The bar is drawn only
  // while the change waits, which on a fast machine is a few frames: the page records every value
  // it shows. The Binary answer is also held back where the browser lets the test route the sync
  // worker's requests, so the bar stays long enough to see.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { uploadProgressSeen: number[] }).uploadProgressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[role="progressbar"][aria-label="Upload progress"]')) {
        const value = Number(bar.getAttribute('aria-valuenow'));
        if (seen[seen.length - 1] !== value) seen.push(value);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  let held = 0;
  await context.route('**/fhir/R4/Binary**', async (route) => {
    held++;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const fileName = `readings-${stamp}.txt`;
  await page.locator('input[type="file"]').setInputFiles({
    name: fileName,
    mimeType: 'text/plain',
    buffer: Buffer.from('date,systolic,diastolic\n2024-03-01,128,82\n'.repeat(200)),
  });
  await expect(card(page, fileName)).toBeVisible({ timeout: 15_000 });
  await expect(card(page, fileName).getByText('text/plain · completed')).toBeVisible({ timeout: 40_000 });
  await expect(card(page, fileName).getByText('Waiting to sync')).toHaveCount(0, { timeout: 40_000 });
  const progress = await page.evaluate(
    () => (window as unknown as { uploadProgressSeen: number[] }).uploadProgressSeen
  );
  expect(progress.length, `progress values drawn (Binary requests held: ${held})`).toBeGreaterThan(0);
  expect(progress.every((value) => value >= 0 && value <= 100)).toBe(true);
  expect(progress[progress.length - 1]).toBe(100);
  await context.unroute('**/fhir/R4/Binary**');
  // The file opens from the card, fetched with the session's token.
  const [opened] = await Promise.all([
    page.waitForEvent('popup'),
    card(page, fileName).getByRole('link', { name: fileName }).click(),
  ]);
  await opened.waitForURL(/^blob:/, { timeout: 20_000 });
  await expect(opened.locator('body')).toContainText('2024-03-01,128,82');
  await opened.close();
  const media = await app.serverRead<Bundle<Media>>(page, `Media?_count=100&_sort=-_lastUpdated`);
  const uploaded = media.entry?.map((entry) => entry.resource).filter((m) => m?.content.title === fileName);
  expect(uploaded).toHaveLength(1);
  expect(uploaded?.[0]?.status).toBe('completed');
  expect(uploaded?.[0]?.content.url).toMatch(/Binary\//);

  await app.screenshotAtSizes(page, 'timeline', false);

  // Offline: the comment is shown waiting, and lands once when the device is back online.
  const offline = `Written in the basement ${stamp}`;
  await context.setOffline(true);
  await expect(app.syncStatus(page).getByText('Offline')).toBeVisible();
  await comment(page, offline);
  await expect(card(page, offline).getByText('Waiting to sync')).toBeVisible();
  expect(await commentsOnServer(page, reportId, offline)).toHaveLength(0);
  await page.screenshot({ path: `${app.SCREENSHOTS}/timeline-offline-1440.png` });
  await context.setOffline(false);
  await expect.poll(() => commentsOnServer(page, reportId, offline), { timeout: 40_000 }).toHaveLength(1);
  await expect(card(page, offline).getByText('Waiting to sync')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForTimeout(2000);
  expect(await commentsOnServer(page, reportId, offline)).toHaveLength(1);
});

test("a comment on a task's timeline lands once, and pinned it is drawn first", async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  const tasks = await app.serverRead<Bundle<Task>>(page, 'Task?_count=1&_sort=-_id');
  const taskId = tasks.entry?.[0]?.resource?.id ?? '';
  expect(taskId).not.toBe('');
  await page.goto(`/Task/${taskId}/timeline`);
  await expect(page.getByRole('button', { name: 'Upload' })).toBeVisible({ timeout: 30_000 });

  const text = `Called the patient back ${stamp}`;
  await comment(page, text);
  await expect(card(page, text)).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => commentsOnServer(page, taskId, text, 'Task'), { timeout: 40_000 }).toHaveLength(1);
  await expect(card(page, text).getByText('Waiting to sync')).toHaveCount(0, { timeout: 20_000 });
  await card(page, text).getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Pin' }).click();
  await expect(cards(page).first()).toContainText(text);
  await expect(cards(page).first()).toHaveAccessibleName('Pinned timeline item');
  await expect
    .poll(async () => (await commentsOnServer(page, taskId, text, 'Task'))[0]?.priority, { timeout: 40_000 })
    .toBe('stat');
  await page.screenshot({ path: `${app.SCREENSHOTS}/task-timeline-1024.png` });
});
