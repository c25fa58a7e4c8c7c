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

test('a message thread shows its topic and replies, people by name, on the timeline and in the list', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  const all = await app.serverRead<Bundle<Communication>>(page, 'Communication?_count=300&_sort=_id');
  const thread = (all.entry ?? [])
    .map((entry) => entry.resource)
    .find(
      (c): c is Communication =>
        !!c?.topic?.text && !c.partOf && !!c.subject?.reference?.startsWith('Patient/') && !c.payload
    );
  expect(thread).toBeDefined();
  const topic = thread?.topic?.text ?? '';
  const replies = await app.serverRead<Bundle<Communication>>(
    page,
    `Communication?part-of=Communication/${thread?.id ?? ''}&_count=100`
  );
  const count = replies.entry?.length ?? 0;
  expect(count).toBeGreaterThan(1);

  await page.goto(`/${thread?.subject?.reference ?? ''}/timeline`);
  // A patient may have several threads of one topic: this one's card links to its replies.
  const threadCard = card(page, topic).filter({
    has: page.locator(`a[href="/Communication/${thread?.id ?? ''}/timeline"]`),
  });
  await expect(threadCard.first()).toBeVisible({ timeout: 30_000 });
  await expect(threadCard.first().getByRole('link', { name: `${count} replies` })).toBeVisible({
    timeout: 20_000,
  });
  // Senders and recipients read as names, never as 'Practitioner/...'.
  const timeline = page.getByLabel('Timeline', { exact: true });
  await expect(timeline.getByText(/With .+/).first()).toBeVisible();
  await expect(timeline).not.toContainText('Practitioner/', { timeout: 20_000 });
  await expect(timeline).not.toContainText('Patient/');
  await app.screenshotAtSizes(page, 'timeline-thread', false);

  // The thread's replies are its own timeline.
  await threadCard
    .first()
    .getByRole('link', { name: `${count} replies` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/Communication/${thread?.id ?? ''}/timeline$`));
  await expect(cards(page).filter({ has: page.getByText('Comment', { exact: true }) })).toHaveCount(count, {
    timeout: 30_000,
  });

  // The list of messages names senders and recipients too.
  await page.goto('/Communication');
  const list = page.getByRole('table', { name: 'Communication list' });
  await expect(list.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await expect(list).not.toContainText('Practitioner/', { timeout: 20_000 });
  await page.screenshot({ path: `${app.SCREENSHOTS}/communication-list-names.png` });
});

test('a comment sent is confirmed and in view, an upload is confirmed, long words wrap, and Delete comes back', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  await page.setViewportSize({ width: 390, height: 844 });
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  const reports = await app.serverRead<Bundle<DiagnosticReport>>(
    page,
    'DiagnosticReport?_count=1&_sort=-_id'
  );
  const reportId = reports.entry?.[0]?.resource?.id ?? '';
  expect(reportId).not.toBe('');
  const here = `/DiagnosticReport/${reportId}/timeline`;
  await page.goto(here);
  await expect(page.getByRole('button', { name: 'Upload' })).toBeVisible({ timeout: 30_000 });

  // One long unbroken word: it wraps inside its card, and the page does not scroll sideways.
  const long = `${'x'.repeat(240)}${stamp}`;
  await comment(page, long);
  await expect(page.getByRole('status').filter({ hasText: 'Comment sent' })).toBeVisible({ timeout: 30_000 });
  expect(await commentsOnServer(page, reportId, long)).toHaveLength(1);
  const longCard = card(page, long);
  await expect(longCard).toBeInViewport();
  const widths = await longCard.evaluate((element) => ({
    card: element.scrollWidth - element.clientWidth,
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }));
  expect(widths).toEqual({ card: 0, page: 0 });
  await page.screenshot({ path: `${app.SCREENSHOTS}/timeline-comment-sent-390.png` });

  // An upload says 'Uploaded' once the server has the file.
  const fileName = `note-${stamp}.txt`;
  await page.locator('input[type="file"]').setInputFiles({
    name: fileName,
    mimeType: 'text/plain',
    buffer: Buffer.from('pulse 72\n'),
  });
  await expect(page.getByRole('status').filter({ hasText: `Uploaded ${fileName}` })).toBeVisible({
    timeout: 40_000,
  });
  await expect(card(page, fileName)).toBeInViewport();

  // Deleting the comment from its card comes back to this timeline, without it.
  await longCard.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure you want to delete this Communication?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${here}$`));
  await expect(card(page, long)).toHaveCount(0);
  await expect.poll(() => commentsOnServer(page, reportId, long), { timeout: 40_000 }).toHaveLength(0);
});
