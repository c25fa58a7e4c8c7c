import { expect, test, type Page } from '@playwright/test';
import {
  readyTasks,
  SCREENSHOTS,
  signedInContext,
  signIn,
  syncStatus,
  waitForFirstSync,
} from './support/app';

interface NamedPatient {
  id: string;
  family: string;
  given: string;
}

/** A patient the replica holds (one a task points to), read from IndexedDB in the page. */
function replicaPatient(page: Page): Promise<NamedPatient> {
  return page.evaluate(
    () =>
      new Promise<NamedPatient>((resolve, reject) => {
        const open = indexedDB.open('carequeue');
        open.onsuccess = () => {
          const db = open.result;
          const request = db
            .transaction('resources')
            .objectStore('resources')
            .get(IDBKeyRange.bound('Patient/', 'Patient/\uffff'));
          request.onsuccess = () => {
            db.close();
            const patient = (
              request.result as { resource?: { id: string; name?: { family?: string; given?: string[] }[] } }
            )?.resource;
            const name = patient?.name?.[0];
            if (!patient || !name?.family) return reject(new Error('No patient in the replica'));
            resolve({ id: patient.id, family: name.family, given: name.given?.[0] ?? '' });
          };
        };
      })
  );
}

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const userMenu = (page: Page) => page.getByRole('button', { name: 'User menu' });

test.describe('the app shell', () => {
  test('the resource-type picker and the global search each open a Patient', async ({ browser }) => {
    const { page } = await signedInContext(browser, 'doctor@example.com');
    await navigation(page).getByLabel('Resource Type').fill('Patie');
    await page.getByRole('option', { name: 'Patient', exact: true }).click();
    await expect(page).toHaveURL(/\/Patient$/);

    const patient = await replicaPatient(page);
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
    await search.fill(patient.family.slice(0, 4));
    const option = page
      .getByRole('option', { name: new RegExp(`${patient.given} ${patient.family}`) })
      .first();
    await expect(option).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/shell-global-search.png` });
    await option.click();
    await expect(page).toHaveURL(new RegExp(`/Patient/[^/]+/`));
    await expect(search).toHaveValue('');
  });

  test('the global search works offline over the replica', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'doctor@example.com');
    const patient = await replicaPatient(page);
    await context.setOffline(true);
    await expect(syncStatus(page).getByText('Offline')).toBeVisible();
    await page.getByRole('banner').getByRole('combobox', { name: 'Search' }).fill(patient.family);
    await page
      .getByRole('option', { name: new RegExp(patient.family) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/Patient/${patient.id}/`));
  });

  test('a saved bookmark is in the navigation after a reload, and on another device', async ({ browser }) => {
    const { page } = await signedInContext(browser, 'nurse@example.com');
    await page.goto('/Task?status=ready&_offset=20');
    await navigation(page).getByRole('button', { name: 'Add Bookmark' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Bookmark' });
    const ok = dialog.getByRole('button', { name: 'OK' });
    await expect(ok).toBeDisabled();
    await dialog.getByLabel('Bookmark Name').fill('Ready page 2');
    await expect(ok).toBeDisabled();
    await dialog.getByLabel('Select menu option').click();
    await page.getByRole('option', { name: 'Favorites' }).click();
    await ok.click();
    await expect(page.getByText('Success')).toBeVisible();

    await page.goto('/Patient');
    await page.reload();
    const bookmark = navigation(page).getByRole('link', { name: 'Ready page 2' });
    await expect(bookmark).toBeVisible();
    await bookmark.click();
    await expect(page).toHaveURL(/\/Task\?status=ready&_offset=20$/);
    await expect(bookmark).toHaveAttribute('aria-current', 'page');

    const laptop = await signedInContext(browser, 'nurse@example.com');
    await expect(navigation(laptop.page).getByRole('link', { name: 'Ready page 2' })).toBeVisible();
  });

  test('the theme choice and the collapsed navigation are remembered after a reload', async ({ browser }) => {
    const { page } = await signedInContext(browser, 'doctor@example.com');
    await userMenu(page).click();
    await page.getByRole('menu').getByText('Dark', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    await page.keyboard.press('Escape');
    await expect(navigation(page)).toBeInViewport();
    await toggle.click();
    await expect(navigation(page)).not.toBeInViewport();
    await page.screenshot({ path: `${SCREENSHOTS}/shell-dark-collapsed.png` });

    await page.reload();
    await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(navigation(page)).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(navigation(page)).toBeInViewport();
  });

  test('under 768 px the navigation starts closed and closes after a link', async ({ browser }) => {
    const { page } = await signedInContext(browser, 'doctor@example.com');
    await page.setViewportSize({ width: 700, height: 1000 });
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    // The toggle says whether the navigation of this width is open (the wide one's remembered
    // state does not count here).
    await expect(navigation(page)).not.toBeInViewport();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(navigation(page)).toBeInViewport();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await navigation(page).getByRole('link', { name: 'My Tasks' }).click();
    await expect(page).toHaveURL(/owner=/);
    await expect(navigation(page)).not.toBeInViewport();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('a second account is added and switched to, each seeing its own queues', async ({ browser }) => {
    const { page } = await signedInContext(browser, 'doctor@example.com');
    await expect(navigation(page).getByRole('link', { name: 'Doctor Tasks' })).toBeVisible();
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Add another account' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await signIn(page, 'nurse@example.com');
    await waitForFirstSync(page);
    await expect(navigation(page).getByRole('link', { name: 'Registered Nurse Tasks' })).toBeVisible();
    await expect(navigation(page).getByRole('link', { name: 'Doctor Tasks' })).toHaveCount(0);

    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Switch to Alice Smith' }).click();
    await expect(navigation(page).getByRole('link', { name: 'Doctor Tasks' })).toBeVisible();
    await expect(navigation(page).getByRole('link', { name: 'Registered Nurse Tasks' })).toHaveCount(0);
    await expect(userMenu(page)).toContainText('Alice Smith');

    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Switch to Bob Jones' }).click();
    await expect(navigation(page).getByRole('link', { name: 'Registered Nurse Tasks' })).toBeVisible();
    await expect(userMenu(page)).toContainText('Bob Jones');
  });

  test('a page that throws shows the alert inside the shell, cleared by the next location', async ({
    browser,
  }) => {
    const { page } = await signedInContext(browser, 'doctor@example.com');
    const [task] = await readyTasks(page, 36, 1);
    const id = task?.id ?? '';
    // A damaged record on the device: its notes are not a list, so the Notes tab cannot render.
    await page.evaluate(
      (key) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('carequeue');
          open.onsuccess = () => {
            const db = open.result;
            const store = db.transaction('resources', 'readwrite').objectStore('resources');
            const read = store.get(key);
            read.onsuccess = () => {
              const record = read.result as { resource: { note?: unknown } };
              record.resource.note = 5;
              const write = store.put(record);
              write.onsuccess = () => {
                db.close();
                resolve();
              };
              write.onerror = () => reject(new Error('write failed'));
            };
          };
        }),
      `Task/${id}`
    );
    await page.goto(`/Task/${id}/notes`);
    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/shell-page-error.png` });
    await navigation(page).getByRole('link', { name: 'All Tasks' }).click();
    await expect(page).toHaveURL(/\/Task$/);
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Tasks' })).toBeVisible();
  });
});
