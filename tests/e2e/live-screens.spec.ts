import { expect, test, type Page } from '@playwright/test';
import {
  actions,
  openTaskInApp,
  readyTasks,
  SCREENSHOTS,
  serverRead,
  signedInContext,
  storedAccessToken,
  type TaskLike,
} from './support/app';

/** Navigates inside the app (no page load), as a menu link does. */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

/** Changes a task on the server behind the app's back, as another client would. */
async function patchOnServer(page: Page, id: string, operations: object[]): Promise<void> {
  const token = await storedAccessToken(page);
  const response = await page.request.patch(`/fhir/R4/Task/${id}`, {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json-patch+json' },
    data: JSON.stringify(operations),
  });
  expect(response.ok(), `PATCH Task/${id}`).toBe(true);
}

/**
 * Holds a read-write IndexedDB transaction over the replica's resources, so the sync worker's next
 * write waits behind it; `release` lets it end after `change` rewrote the record of `key`.
 */
async function holdReplica(page: Page, key: string): Promise<{ release: () => Promise<void> }> {
  await page.evaluate(
    (held) =>
      new Promise<void>((started) => {
        const request = indexedDB.open('carequeue');
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction('resources', 'readwrite');
          const store = tx.objectStore('resources');
          const flags = window as unknown as { releaseReplica?: boolean };
          const spin = () => {
            const read = store.get(held);
            read.onsuccess = () => {
              if (!flags.releaseReplica) return spin();
              // The task as another tab left it: without a status, which a status change cannot replace.
              const record = read.result as { resource: { status?: string } };
              delete record.resource.status;
              store.put(record);
            };
          };
          spin();
          tx.oncomplete = () => db.close();
          started();
        };
      }),
    key
  );
  return {
    release: () =>
      page.evaluate(() => {
        (window as unknown as { releaseReplica?: boolean }).releaseReplica = true;
      }),
  };
}

test.describe('screens follow the replica', () => {
  // A queue (read from the queue index) and a general search (read through the local query engine).
  for (const [list, path] of [
    ['All Tasks', '/Task'],
    ['a list sorted by last update', '/Task?_sort=-_lastUpdated&status:not=completed'],
  ] as const) {
    test(`a change pulled into the replica redraws the open ${list}, without navigating`, async ({
      browser,
    }) => {
      const { context, page } = await signedInContext(browser, 'doctor@example.com');
      await openInApp(page, path);
      const firstRow = page.locator('tr[data-task-id]').first();
      await expect(firstRow).toBeVisible();
      const id = (await firstRow.getAttribute('data-task-id')) ?? '';
      const shownAt = page.url();

      const text = `Changed elsewhere ${Date.now()}`;
      await patchOnServer(page, id, [{ op: 'add', path: '/code', value: { text } }]);
      // The app pulls when it comes to the front again (as the timer or a push would).
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));

      await expect(page.locator(`tr[data-task-id="${id}"]`)).toContainText(text, { timeout: 15_000 });
      expect(page.url()).toBe(shownAt);
      await context.close();
    });
  }

  test("another user's change reaches this device's open list within 2 s, without a reload or a focus", async ({
    browser,
  }) => {
    const doctor = await signedInContext(browser, 'doctor@example.com');
    const [task] = await readyTasks(doctor.page, 40, 1);
    if (!task) throw new Error('the seed has no ready task');
    await openInApp(doctor.page, `/Task?_id=${task.id}&_fields=code,status`);
    const row = doctor.page.locator(`tr[data-task-id="${task.id}"]`);
    await expect(row).toContainText('Ready');
    const shownAt = doctor.page.url();

    // The nurse, on her own device, pauses the task; her change is on the server.
    const nurse = await signedInContext(browser, 'nurse@example.com');
    await openTaskInApp(nurse.page, task.id);
    await actions(nurse.page).getByRole('button', { name: 'Pause Task' }).click();
    await expect
      .poll(async () => (await serverRead<TaskLike>(nurse.page, `Task/${task.id}`)).status, {
        timeout: 10_000,
      })
      .toBe('on-hold');

    // The 30 s timer would be too late and no focus event is sent: the server's notification brings it.
    await expect(row).toContainText('On hold', { timeout: 2_000 });
    expect(doctor.page.url()).toBe(shownAt);
    await doctor.page.screenshot({ path: `${SCREENSHOTS}/live-other-users-change.png` });
    await nurse.context.close();
    await doctor.context.close();
  });

  test('an action is drawn at once and taken back with an error when its durable write fails', async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, 'doctor@example.com');
    const [task] = await readyTasks(page, 3, 1);
    if (!task) throw new Error('the seed has no ready task');
    await openTaskInApp(page, task.id);
    const statusLine = page.getByText('Ready', { exact: true }).first();
    await expect(statusLine).toBeVisible();

    const held = await holdReplica(page, `Task/${task.id}`);
    await actions(page).getByRole('button', { name: 'Pause Task' }).click();
    // Drawn while the replica is still busy: the write has not even started.
    await expect(page.getByText('On hold', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Task paused' })).toHaveCount(0);

    await held.release();
    await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText(
      'Pause Task cannot be applied'
    );
    await expect(page.getByText('On hold', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: 'Task paused' })).toHaveCount(0);
    await context.close();
  });
});
