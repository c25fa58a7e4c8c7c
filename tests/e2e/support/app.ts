import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';

export const SCREENSHOTS = 'tests/e2e/screenshots';

/** The sizes every screen is looked at: a portrait tablet, a landscape tablet and a desktop. */
export const SCREEN_SIZES = [
  [768, 1024],
  [1024, 768],
  [1440, 900],
] as const;

/** Saves `{name}-{width}.png` of the page as drawn at each of the screen sizes. */
export async function screenshotAtSizes(page: Page, name: string, fullPage = true): Promise<void> {
  for (const [width, height] of SCREEN_SIZES) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage });
  }
}

/** Signs in through the sign-in card and waits for /Task. */
export async function signIn(page: Page, email: string, password = 'password'): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/Task/);
}

/** The header's sync status region. */
export function syncStatus(page: Page) {
  return page.getByRole('status', { name: 'Sync status' });
}

/** Waits until the first sync filled the replica: the worker wrote the user's tasks to IndexedDB. */
export async function waitForFirstSync(page: Page): Promise<void> {
  await expect
    .poll(() => replicaCount(page, 'Task'), { timeout: 30_000, message: 'tasks pulled into the replica' })
    .toBeGreaterThan(0);
  await expect(syncStatus(page).getByText('Online')).toBeVisible();
  // The first rows arrive before the rest of the first sync: wait until its progress is gone.
  await expect(syncStatus(page).getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
}

/** How many records of a type the replica (IndexedDB 'carequeue') holds, read in the page. */
export function replicaCount(page: Page, resourceType: string): Promise<number> {
  return page.evaluate(
    (type) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('carequeue');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('resources')) return resolve(0);
          const request = db
            .transaction('resources')
            .objectStore('resources')
            // A type's records are a range of the primary key, Type/id.
            .count(IDBKeyRange.bound(`${type}/`, `${type}/\uffff`));
          request.onsuccess = () => {
            resolve(request.result);
            db.close();
          };
          request.onerror = () => resolve(0);
        };
      }),
    resourceType
  );
}

/** The outbox as the replica holds it: label, state and error of each entry. */
export function outbox(page: Page): Promise<{ label: string; state: string; key: string; error?: string }[]> {
  return page.evaluate(
    () =>
      new Promise<{ label: string; state: string; key: string; error?: string }[]>((resolve) => {
        const open = indexedDB.open('carequeue');
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('outbox').objectStore('outbox').getAll();
          request.onsuccess = () => {
            // Only what the tests read: a change's operations may be too deep to cross back.
            const entries = request.result as { label: string; state: string; key: string; error?: string }[];
            resolve(entries.map(({ label, state, key, error }) => ({ label, state, key, error })));
            db.close();
          };
        };
      })
  );
}

/** The access token the app stored (meta table, key 'kv:activeLogin'), to ask the server what it holds. */
export function storedAccessToken(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('carequeue');
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('meta').objectStore('meta').get('kv:activeLogin');
          request.onsuccess = () => {
            db.close();
            const value = (request.result as { value?: string } | undefined)?.value;
            if (!value) return reject(new Error('No stored login'));
            resolve((JSON.parse(value) as { accessToken: string }).accessToken);
          };
        };
      })
  );
}

/** Reads a resource from the fake server with the page's stored token (not through the app). */
export async function serverRead<T>(page: Page, path: string): Promise<T> {
  const token = await storedAccessToken(page);
  const response = await page.request.get(`/fhir/R4/${path}`, {
    headers: { Authorization: `Bearer ${token}`, 'Cache-Control': 'no-cache' },
  });
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

/** A fresh context signed in as `email`, on /Task after the first sync. */
export async function signedInContext(
  browser: Browser,
  email: string
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await waitForFirstSync(page);
  return { context, page };
}

export interface TaskLike {
  id: string;
  status: string;
  owner?: { reference?: string };
  note?: { text?: string }[];
  restriction?: { period?: { end?: string } };
  businessStatus?: { coding?: { code?: string; display?: string }[] };
}

/** Unowned tasks with status 'ready' on the server, in id order, skipping `offset`. */
export async function readyTasks(page: Page, offset: number, count: number): Promise<TaskLike[]> {
  const bundle = await serverRead<{ entry?: { resource: TaskLike }[] }>(
    page,
    `Task?owner:missing=true&status=ready&_sort=_id&_count=${count}&_offset=${offset}`
  );
  return (bundle.entry ?? []).map((entry) => entry.resource);
}

/**
 * Unowned ready tasks counted from the newest id back, skipping `offset` of them: a spec that takes
 * tasks out of that pool takes them from its end, so the specs that pick theirs by position from
 * its start (readyTasks) still find them.
 */
export async function lastReadyTasks(page: Page, offset: number, count: number): Promise<TaskLike[]> {
  const bundle = await serverRead<{ entry?: { resource: TaskLike }[] }>(
    page,
    `Task?owner:missing=true&status=ready&_sort=-_id&_count=${count}&_offset=${offset}`
  );
  return (bundle.entry ?? []).map((entry) => entry.resource);
}

/** The column headers every task queue shows on a wide screen, in the spec's order. */
export const QUEUE_COLUMN_HEADERS = [
  'Code',
  'Owner',
  'For',
  'Priority',
  'Due Date',
  'Last Updated',
  'Performer Type',
] as const;

/** The task's Task Actions panel. */
export function actions(page: Page) {
  return page.getByRole('region', { name: 'Task Actions' });
}

/** Opens a task's page by navigating inside the app (works offline: no page load). */
export async function openTaskInApp(page: Page, id: string): Promise<void> {
  await page.evaluate((path) => {
    window.history.pushState(window.history.state, '', path);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, `/Task/${id}/details`);
  await expect(actions(page)).toBeVisible();
}

/** How many changes the header says wait to sync (0 when it says nothing). */
export async function pendingInHeader(page: Page): Promise<number> {
  const text = await syncStatus(page)
    .getByTestId('pending-changes')
    .textContent({ timeout: 1000 })
    .catch(() => '');
  const match = /(\d+) changes? waiting to sync/.exec(text ?? '');
  return match ? Number(match[1]) : 0;
}

/** Whether a service worker controls the page (then the app shell loads offline). */
export function hasServiceWorker(page: Page): Promise<boolean> {
  return page.evaluate(() => !!navigator.serviceWorker?.controller);
}

/**
 * Waits until the app's service worker controls the page. A test that edits offline and then reloads
 * calls it before going offline: a worker still installing would otherwise finish once the network
 * returns and replay the outbox by Background Sync, past any route that cuts the API off.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await expect.poll(() => hasServiceWorker(page), { timeout: 30_000 }).toBe(true);
}

/** The app's API calls, which a test cuts off to stand for no signal. */
const API_CALLS = /\/(fhir|auth|oauth2)\//;

/** Every API call fails as with no signal (the app's own files still load). */
export async function cutApi(context: BrowserContext): Promise<void> {
  await context.route(API_CALLS, (route) => route.abort('internetdisconnected'));
}

/** Reloads the page while the browser is offline; without a service worker only the API is cut off. */
export async function reloadOffline(page: Page): Promise<void> {
  if (await hasServiceWorker(page)) {
    await page.reload();
    return;
  }
  // No service worker precaches the app shell yet, so a real offline reload cannot load the page:
  // load it with the network up but every API call refused, which is what the app sees offline.
  test.info().annotations.push({
    type: 'note',
    description: 'reloaded with only the API offline (no service worker)',
  });
  await cutApi(page.context());
  await page.context().setOffline(false);
  await page.reload();
}
