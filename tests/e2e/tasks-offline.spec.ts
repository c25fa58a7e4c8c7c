import { expect, test, type Page } from '@playwright/test';
import type { Bundle, Task } from '@medplum/fhirtypes';
import { signInByApi, type ApiSession } from '../fixtures/api-sign-in';
import {
  actions,
  openTaskInApp,
  outbox,
  pendingInHeader,
  signIn,
  syncStatus,
  waitForFirstSync,
} from './support/app';

/**
 * Every task action once more, done while the tablet is offline: the UI applies it at once and says
 * it waits to sync, nothing reaches the server, and once online the server has it. The page is
 * loaded before the network goes; the task is opened inside the app.
 */

const ALICE = 'Practitioner/practitioner-alice-smith';
const BOB = 'Practitioner/practitioner-bob-jones';
const SYNC_TIMEOUT = 40_000;

let api: ApiSession;

test.beforeAll(async () => {
  api = await signInByApi(String(test.info().project.use.baseURL), 'doctor@example.com');
});

async function serverSearch(query: string): Promise<Task[]> {
  const response = await api.fetch(`fhir/R4/Task?${query}`);
  const bundle = (await response.json()) as Bundle<Task>;
  return (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
}

async function serverTask(id: string): Promise<Task | undefined> {
  const response = await api.fetch(`fhir/R4/Task/${id}`, { headers: { 'Cache-Control': 'no-cache' } });
  return response.ok ? ((await response.json()) as Task) : undefined;
}

/** An unowned ready task no other test of this file uses (`slot` picks it in id order). */
async function unownedTask(slot: number): Promise<Task> {
  const [task] = await serverSearch(
    `owner:missing=true&status=ready&_sort=_id&_count=1&_offset=${20 + slot}`
  );
  if (!task?.id) throw new Error(`No unowned ready task at slot ${slot}`);
  return task;
}

/** Signs in, waits for the first sync, opens the task, and cuts the network. */
async function offlineOnTask(page: Page, id: string): Promise<void> {
  await signIn(page, 'doctor@example.com');
  await waitForFirstSync(page);
  await openTaskInApp(page, id);
  await page.context().setOffline(true);
  await expect(syncStatus(page).getByText('Offline')).toBeVisible();
}

/** The change waits on the device: the header counts it, the outbox holds it, the server has not seen it. */
async function expectWaiting(page: Page, labels: (string | RegExp)[], id?: string, before?: Task) {
  await expect.poll(() => pendingInHeader(page)).toBe(labels.length);
  expect((await outbox(page)).map((entry) => entry.label)).toEqual(
    labels.map((label) => (typeof label === 'string' ? label : expect.stringMatching(label)))
  );
  if (id) expect((await serverTask(id))?.meta?.versionId).toBe(before?.meta?.versionId);
}

/** Back online: the outbox empties and the server has the change. */
async function syncAndCheck(page: Page, check: () => Promise<unknown>, expected: unknown) {
  await page.context().setOffline(false);
  await expect.poll(() => pendingInHeader(page), { timeout: SYNC_TIMEOUT }).toBe(0);
  await expect.poll(check, { timeout: SYNC_TIMEOUT }).toEqual(expected);
  expect(await outbox(page)).toEqual([]);
}

async function choose(page: Page, combobox: string, option: string): Promise<void> {
  await page.getByRole('dialog').getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('task actions offline, then synced', () => {
  test('claim', async ({ page }) => {
    const task = await unownedTask(0);
    await offlineOnTask(page, task.id ?? '');
    await actions(page).getByRole('button', { name: 'Claim Task' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(actions(page).getByRole('button', { name: 'Claim Task' })).toHaveCount(0);
    await expectWaiting(page, ['Claim Task'], task.id, task);
    await syncAndCheck(page, async () => (await serverTask(task.id ?? ''))?.owner?.reference, ALICE);
  });

  test('assign, then reassign', async ({ page }) => {
    const task = await unownedTask(1);
    await offlineOnTask(page, task.id ?? '');
    await actions(page).getByRole('button', { name: 'Assign Task' }).click();
    await choose(page, 'Practitioner', 'Alice Smith');
    await page.getByRole('dialog').getByRole('button', { name: 'Assign Task' }).click();
    await expect(actions(page).getByRole('button', { name: 'Reassign Task' })).toBeVisible();
    await actions(page).getByRole('button', { name: 'Reassign Task' }).click();
    await choose(page, 'Practitioner', 'Bob Jones');
    await page.getByRole('dialog').getByRole('button', { name: 'Reassign Task' }).click();
    await expectWaiting(page, ['Assign Task', 'Reassign Task'], task.id, task);
    await syncAndCheck(page, async () => (await serverTask(task.id ?? ''))?.owner?.reference, BOB);
  });

  test('assign a role', async ({ page }) => {
    const task = await unownedTask(2);
    await offlineOnTask(page, task.id ?? '');
    await actions(page).getByRole('button', { name: 'Assign Role' }).click();
    await choose(page, 'Role', 'Care Team Coordinator');
    await page.getByRole('dialog').getByRole('button', { name: 'Assign Role' }).click();
    await expectWaiting(page, ['Assign Role'], task.id, task);
    await syncAndCheck(
      page,
      async () =>
        (await serverTask(task.id ?? ''))?.performerType?.some((concept) =>
          concept.coding?.some((coding) => coding.code === '768821004')
        ),
      true
    );
  });

  test('pause', async ({ page }) => {
    const task = await unownedTask(3);
    await offlineOnTask(page, task.id ?? '');
    await actions(page).getByRole('button', { name: 'Pause Task' }).click();
    await expect(actions(page).getByRole('button', { name: 'Resume Task' })).toBeVisible();
    await expectWaiting(page, ['Pause Task'], task.id, task);
    await syncAndCheck(page, async () => (await serverTask(task.id ?? ''))?.status, 'on-hold');
  });

  test('resume', async ({ page }) => {
    const task = await unownedTask(4);
    const paused = await api.fetch(`fhir/R4/Task/${task.id ?? ''}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json-patch+json' },
      body: JSON.stringify([{ op: 'replace', path: '/status', value: 'on-hold' }]),
    });
    expect(paused.status).toBe(200);
    const before = (await paused.json()) as Task;
    await offlineOnTask(page, task.id ?? '');
    await actions(page).getByRole('button', { name: 'Resume Task' }).click();
    await expect(actions(page).getByRole('button', { name: 'Pause Task' })).toBeVisible();
    await expectWaiting(page, ['Resume Task'], task.id, before);
    await syncAndCheck(page, async () => (await serverTask(task.id ?? ''))?.status, 'in-progress');
  });

  test('complete', async ({ page }) => {
    const task = await unownedTask(5);
    await offlineOnTask(page, task.id ?? '');
    await actions(page).getByRole('button', { name: 'Complete Task' }).click();
    await expect(actions(page).getByRole('button', { name: 'Complete Task' })).toHaveCount(0);
    await expectWaiting(page, ['Complete Task'], task.id, task);
    await syncAndCheck(page, async () => (await serverTask(task.id ?? ''))?.status, 'completed');
  });

  test('due date', async ({ page }) => {
    const task = await unownedTask(6);
    await offlineOnTask(page, task.id ?? '');
    await actions(page)
      .getByRole('button', { name: /^(Add|Change) Due-Date$/ })
      .click();
    await page.getByRole('dialog').getByLabel('Due date').fill('2031-04-20');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    // A due date more than two years ahead asks to confirm.
    await page.getByRole('dialog').getByRole('button', { name: 'Save anyway' }).click();
    await expect(actions(page).getByRole('button', { name: 'Change Due-Date' })).toBeVisible();
    await expectWaiting(page, [/^(Add|Change) Due-Date$/], task.id, task);
    await syncAndCheck(
      page,
      async () => (await serverTask(task.id ?? ''))?.restriction?.period?.end?.slice(0, 7),
      '2031-04'
    );
  });

  test('business status', async ({ page }) => {
    const task = await unownedTask(7);
    const [code, display] =
      task.businessStatus?.coding?.[0]?.code === 'follow-up-needed'
        ? ['doctor-review-needed', 'Doctor Review Needed']
        : ['follow-up-needed', 'Follow-up Needed'];
    await offlineOnTask(page, task.id ?? '');
    await page.getByRole('combobox', { name: 'Update Business Status' }).click();
    await page.getByRole('option', { name: display }).click();
    await expectWaiting(page, ['Update Business Status'], task.id, task);
    await syncAndCheck(
      page,
      async () => (await serverTask(task.id ?? ''))?.businessStatus?.coding?.[0]?.code,
      code
    );
  });

  test('note', async ({ page }) => {
    const task = await unownedTask(8);
    await offlineOnTask(page, task.id ?? '');
    await actions(page).getByLabel('Note').fill('Left a message, no signal on the ward');
    await actions(page).getByRole('button', { name: 'Add Note' }).click();
    await page.getByRole('tab', { name: 'Notes' }).click();
    await expect(
      page.getByRole('list', { name: 'Notes' }).getByText('Left a message, no signal on the ward')
    ).toBeVisible();
    await expectWaiting(page, ['Add Note'], task.id, task);
    await syncAndCheck(
      page,
      async () =>
        (await serverTask(task.id ?? ''))?.note?.some(
          (note) => note.text === 'Left a message, no signal on the ward'
        ),
      true
    );
  });

  test('delete', async ({ page }) => {
    const task = await unownedTask(9);
    await offlineOnTask(page, task.id ?? '');
    await actions(page).getByRole('button', { name: 'Delete Task' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/Task$/);
    await expect(page.locator(`tr[data-task-id="${task.id ?? ''}"]`)).toHaveCount(0);
    await expectWaiting(page, ['Delete Task'], task.id, task);
    await syncAndCheck(page, async () => (await serverTask(task.id ?? '')) === undefined, true);
  });

  test('create', async ({ page }) => {
    await signIn(page, 'doctor@example.com');
    await waitForFirstSync(page);
    await page.context().setOffline(true);
    await expect(syncStatus(page).getByText('Offline')).toBeVisible();
    await page.getByRole('button', { name: 'New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Task' });
    await dialog.getByRole('combobox', { name: 'Task type' }).click();
    await page.getByRole('option', { name: "Verify Driver's License" }).click();
    await dialog.getByRole('combobox', { name: 'Patient' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByLabel('Description').fill('Created in the lift, offline');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(page).toHaveURL(/\/Task\/[^/]+\/details$/);
    await expect(page.getByText('Created in the lift, offline')).toBeVisible();
    const localId = new URL(page.url()).pathname.split('/')[2] ?? '';
    const byIdentifier = `identifier=${encodeURIComponent(`urn:carequeue:client-id|${localId}`)}`;
    await expectWaiting(page, ['New Task']);
    expect(await serverSearch(byIdentifier)).toEqual([]);
    await syncAndCheck(
      page,
      async () => (await serverSearch(byIdentifier)).map((created) => created.description),
      ['Created in the lift, offline']
    );
  });
});
