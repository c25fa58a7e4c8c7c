import type { AllergyIntolerance, Bundle, DiagnosticReport, Media } from '@medplum/fhirtypes';
import { expect, test, type Page } from '@playwright/test';
import * as app from './support/app';

const SYNC_TIMEOUT = 60_000;

/** The timeline's cards, top to bottom. */
const cards = (page: Page) => page.getByLabel(/timeline item$/i);
const card = (page: Page, text: string) => cards(page).filter({ hasText: text });

/** The Media on the server whose attachment has this title. */
async function mediaOnServer(page: Page, title: string): Promise<Media[]> {
  const bundle = await app.serverRead<Bundle<Media>>(page, 'Media?_count=100&_sort=-_lastUpdated');
  return (bundle.entry ?? []).flatMap((entry) =>
    entry.resource?.content.title === title ? [entry.resource] : []
  );
}

/** Signed in, first sync done, the service worker in control, on a report's timeline. */
async function reportTimeline(page: Page): Promise<void> {
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  await app.waitForServiceWorker(page);
  const reports = await app.serverRead<Bundle<DiagnosticReport>>(
    page,
    'DiagnosticReport?_count=1&_sort=-_id'
  );
  const reportId = reports.entry?.[0]?.resource?.id ?? '';
  expect(reportId).not.toBe('');
  await page.goto(`/DiagnosticReport/${reportId}/timeline`);
  await expect(page.getByRole('button', { name: 'Upload' })).toBeVisible({ timeout: 30_000 });
}

async function chooseFile(page: Page, name: string, text: string): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from(text),
  });
}

test('a file chosen offline waits on the device through a reload and lands once when back online', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  await reportTimeline(page);

  await context.setOffline(true);
  // The browser's offline switch may reach a sync worker started by the reload only after its first
  // request: the API is cut off as well, so nothing leaves the device until it is back online.
  await app.cutApi(context);
  await expect(app.syncStatus(page).getByText('Offline')).toBeVisible();
  const fileName = `ward-notes-${stamp}.txt`;
  await chooseFile(page, fileName, 'Bed 4: pressure checked at 14:00, 132/85.\n');
  await expect(card(page, fileName)).toBeVisible();
  await expect(card(page, fileName).getByText('Waiting to sync')).toBeVisible();
  expect((await app.outbox(page)).filter((entry) => entry.label === 'Upload')).toHaveLength(2);
  expect(await mediaOnServer(page, fileName)).toHaveLength(0);

  // Reloaded offline: the card is drawn from the device, the file still waits in IndexedDB. (The
  // browser's offline switch does not reach the service worker's Background Sync, which may send
  // the Media's create meanwhile; the file itself goes only with the sync worker, once online.)
  await app.reloadOffline(page);
  await expect(card(page, fileName).getByText('Waiting to sync')).toBeVisible({ timeout: 30_000 });
  expect((await app.outbox(page)).filter((entry) => entry.label === 'Upload').length).toBeGreaterThan(0);
  expect((await mediaOnServer(page, fileName)).filter((media) => media.content.url)).toHaveLength(0);
  await page.screenshot({ path: `${app.SCREENSHOTS}/timeline-upload-offline-1024.png` });

  // Online: the file goes up as a Binary and the Media is completed with its URL, once.
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
  await expect
    .poll(async () => (await mediaOnServer(page, fileName))[0]?.status, { timeout: SYNC_TIMEOUT })
    .toBe('completed');
  await expect(card(page, fileName).getByText('text/plain · completed')).toBeVisible({
    timeout: SYNC_TIMEOUT,
  });
  await expect(card(page, fileName).getByText('Waiting to sync')).toHaveCount(0);
  await expect.poll(() => app.outbox(page), { timeout: SYNC_TIMEOUT }).toEqual([]);
  const landed = await mediaOnServer(page, fileName);
  expect(landed).toHaveLength(1);
  expect(landed[0]?.content.url).toMatch(/Binary\/[A-Za-z0-9\-.]+$/);
  const binaryId = /Binary\/([A-Za-z0-9\-.]+)$/.exec(landed[0]?.content.url ?? '')?.[1] ?? '';
  // The Binary holds the file's bytes.
  const token = await app.storedAccessToken(page);
  const binary = await page.request.get(`/fhir/R4/Binary/${binaryId}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'text/plain' },
  });
  expect(await binary.text()).toContain('Bed 4: pressure checked at 14:00');
});

test('an upload whose Binary request fails shows the words in a red notice that closes, then lands on a retry', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  await reportTimeline(page);

  // The upload runs in the sync worker with XMLHttpRequest: the route must see it (counted below).
  const binaryPosts: string[] = [];
  await context.route('**/fhir/R4/Binary**', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    binaryPosts.push(route.request().url());
    if (binaryPosts.length === 1) return route.abort('failed');
    return route.continue();
  });
  const fileName = `glucose-log-${stamp}.txt`;
  await chooseFile(page, fileName, '08:00 6.1 mmol/L\n12:00 7.4 mmol/L\n');
  await expect(card(page, fileName)).toBeVisible();

  const notice = page.getByRole('alert').filter({ hasText: 'Upload failed' });
  await expect(notice).toBeVisible({ timeout: SYNC_TIMEOUT });
  const shownAt = Date.now();
  // One failure, one notice: the status updates that follow it do not raise it again.
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('Request error');
  await page.screenshot({ path: `${app.SCREENSHOTS}/timeline-upload-failed-1024.png` });
  expect(binaryPosts).toHaveLength(1);
  // It closes by itself after about 2 s.
  await expect(notice).toBeHidden({ timeout: 10_000 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor).toBeGreaterThan(1000);
  expect(shownFor).toBeLessThan(6000);

  // Tried again after its back-off: it lands, completed, once.
  await expect
    .poll(async () => (await mediaOnServer(page, fileName))[0]?.status, { timeout: SYNC_TIMEOUT })
    .toBe('completed');
  await expect(card(page, fileName).getByText('text/plain · completed')).toBeVisible({
    timeout: SYNC_TIMEOUT,
  });
  expect(binaryPosts.length).toBeGreaterThanOrEqual(2);
  test.info().annotations.push({
    type: 'measured',
    description: `notice shown for ${shownFor} ms; Binary POSTs seen by the route: ${binaryPosts.length}`,
  });
  const landed = await mediaOnServer(page, fileName);
  expect(landed).toHaveLength(1);
  expect(landed[0]?.content.url).toMatch(/Binary\//);
});

/** The patients of the tasks the replica holds, read from IndexedDB in the page. */
function replicaTaskPatients(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('carequeue');
        open.onsuccess = () => {
          const db = open.result;
          const request = db
            .transaction('resources')
            .objectStore('resources')
            .getAll(IDBKeyRange.bound('Task/', 'Task/\uffff'));
          request.onsuccess = () => {
            const records = request.result as { resource: { for?: { reference?: string } } }[];
            resolve([...new Set(records.flatMap((record) => record.resource.for?.reference ?? []))]);
            db.close();
          };
        };
      })
  );
}

test("a queue patient's summary lists its allergies offline without having been opened online", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await app.signIn(page, 'doctor@example.com');
  await app.waitForFirstSync(page);
  await app.waitForServiceWorker(page);
  const patients = await replicaTaskPatients(page);
  let patient = '';
  let allergies: AllergyIntolerance[] = [];
  for (const candidate of patients) {
    const bundle = await app.serverRead<Bundle<AllergyIntolerance>>(
      page,
      `AllergyIntolerance?patient=${candidate}&_count=100`
    );
    allergies = (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
    if (allergies.length > 0) {
      patient = candidate;
      break;
    }
  }
  expect(patient, 'a queue patient with allergies').not.toBe('');
  // The clinical lists follow the tasks in the background of the first sync.
  await expect
    .poll(() => app.replicaCount(page, 'AllergyIntolerance'), { timeout: SYNC_TIMEOUT })
    .toBeGreaterThanOrEqual(allergies.length);

  await context.setOffline(true);
  await expect(app.syncStatus(page).getByText('Offline')).toBeVisible();
  await page.evaluate((path) => {
    window.history.pushState(window.history.state, '', path);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, `/${patient}/summary`);
  const summary = page.getByRole('region', { name: 'Patient summary' });
  const section = summary.getByRole('region', { name: 'Allergies' });
  for (const allergy of allergies) {
    const name = allergy.code?.text ?? allergy.code?.coding?.[0]?.display ?? '';
    await expect(section.getByText(name, { exact: false }).first()).toBeVisible({ timeout: 30_000 });
  }
  await expect(summary.getByText('Offline: these lists come from this device.')).toBeVisible();
  await expect(summary.getByRole('alert')).toHaveCount(0);
  await app.screenshotAtSizes(page, 'patient-summary-offline');
});
