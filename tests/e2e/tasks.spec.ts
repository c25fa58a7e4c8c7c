import { expect, test, type Page } from '@playwright/test';
import type { Bundle, Task } from '@medplum/fhirtypes';
import { signInByApi, type ApiSession } from '../fixtures/api-sign-in';
import { QUEUE_COLUMN_HEADERS } from './support/app';

const SCREENSHOTS = 'tests/e2e/screenshots';
const ALICE = 'Practitioner/practitioner-alice-smith';
const SYNC_TIMEOUT = 20_000;

let api: ApiSession;

test.beforeAll(async () => {
  api = await signInByApi(baseUrl(), 'doctor@example.com');
});

function baseUrl(): string {
  return String(test.info().project.use.baseURL);
}

async function serverSearch(query: string): Promise<Task[]> {
  const response = await api.fetch(`fhir/R4/Task?${query}&_count=1000`);
  const bundle = (await response.json()) as Bundle<Task>;
  return (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
}

async function serverTask(id: string): Promise<Task | undefined> {
  const response = await api.fetch(`fhir/R4/Task/${id}`);
  return response.ok ? ((await response.json()) as Task) : undefined;
}

async function signIn(page: Page, email = 'doctor@example.com'): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Password' }).fill('password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/Task/);
  await expect(menu(page).getByRole('link', { name: 'Doctor Tasks' })).toBeVisible({ timeout: SYNC_TIMEOUT });
  pageErrors.set(page, errors);
}

const pageErrors = new WeakMap<Page, string[]>();

function actions(page: Page) {
  return page.getByRole('region', { name: 'Task Actions' });
}

function menu(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** The ids of the list's rows, in order, going through every page with the pager. */
async function listedIds(page: Page): Promise<string[]> {
  const rows = page.locator('table[aria-label="Tasks"] tbody tr');
  // Back to the first page; the pager may be redrawn at this moment, so the click waits for it.
  if (new URL(page.url()).searchParams.has('_offset')) {
    await page.getByRole('button', { name: 'Page 1', exact: true }).click();
  }
  await expect(page).not.toHaveURL(/_offset=/);
  const ids: string[] = [];
  // Pages are 20 rows; a page read before its rows are drawn gives a short list, which the caller's
  // poll reads again.
  for (let offset = 0; ; offset += 20) {
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-task-id') ?? ''));
    ids.push(...shown);
    const next = page.getByRole('button', { name: 'Next page' });
    if (!(await next.isVisible()) || (await next.isDisabled())) return ids;
    await next.click();
    await expect(page).toHaveURL(new RegExp(`_offset=${offset + 20}`));
    if (shown[0]) await expect(rows.first()).not.toHaveAttribute('data-task-id', shown[0]);
  }
}

async function openQueue(page: Page, label: string): Promise<URLSearchParams> {
  await menu(page).getByRole('link', { name: label }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
  return new URL(page.url()).searchParams;
}

async function openTask(page: Page, id: string): Promise<void> {
  await page.goto(`/Task/${id}/details`);
  await expect(page.getByRole('heading', { name: 'Task Actions' })).toBeVisible({ timeout: SYNC_TIMEOUT });
}

async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

async function expectOnServer(id: string, check: (task: Task | undefined) => unknown, expected: unknown) {
  await expect.poll(async () => check(await serverTask(id)), { timeout: SYNC_TIMEOUT }).toEqual(expected);
}

function expectNoConsoleErrors(page: Page): void {
  expect(pageErrors.get(page) ?? []).toEqual([]);
}

test.describe('task queues', () => {
  test("doctor@example.com sees her queues with the server's tasks in the server's order", async ({
    page,
  }) => {
    await signIn(page);
    await expect(menu(page).getByRole('group', { name: 'Tasks' }).getByRole('link')).toHaveText([
      'My Tasks',
      'Doctor Tasks',
      'NY Tasks',
      'CA Tasks',
      'All Tasks',
    ]);
    await expect(menu(page).getByRole('group', { name: 'Upload Data' }).getByRole('link')).toHaveText([
      'Upload Core ValueSets',
      'Upload Example Tasks',
      'Upload Example Certifications',
      'Upload Example Licenses',
      'Upload Example Bots',
      'Upload Example Report',
      'Upload Example Messages',
    ]);
    for (const label of ['My Tasks', 'Doctor Tasks', 'NY Tasks', 'CA Tasks']) {
      const params = await openQueue(page, label);
      const expected = (await serverSearch(params.toString())).map((task) => task.id);
      expect(expected.length, `${label} has tasks in the seed`).toBeGreaterThan(0);
      await expect.poll(() => listedIds(page), { timeout: SYNC_TIMEOUT, message: label }).toEqual(expected);
      await expect(menu(page).getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    }
    const mine = await openQueue(page, 'My Tasks');
    expect(mine.get('owner')).toBe(ALICE);
    expect(mine.get('status:not')).toBe('completed');
    expect(mine.get('_sort')).toBe('-priority-order,due-date');
    // Every queue column on a wide screen; beside the open menu of a landscape tablet the list
    // leaves out the two it needs least, and says which.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByRole('columnheader')).toHaveText([...QUEUE_COLUMN_HEADERS]);
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(page.getByRole('columnheader')).toHaveText(['Code', 'Owner', 'For', 'Priority', 'Due Date']);
    await expect(page.getByText('Not shown at this width: Last Updated, Performer Type.')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/my-tasks-1024x768.png` });
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.screenshot({ path: `${SCREENSHOTS}/my-tasks-768x1024.png` });
    expectNoConsoleErrors(page);
  });

  test('the Active and Completed tabs, hidden on role and state queues', async ({ page }) => {
    await signIn(page);
    await openQueue(page, 'All Tasks');
    await page.getByRole('tab', { name: 'Completed' }).click();
    await expect(page).toHaveURL(/status=completed/);
    const completed = (await serverSearch('status=completed&_sort=-priority-order,due-date')).map(
      (task) => task.id
    );
    await expect.poll(() => listedIds(page), { timeout: SYNC_TIMEOUT }).toEqual(completed);
    await page.getByRole('tab', { name: 'Active' }).click();
    await expect(page).toHaveURL(/status:not=completed/);
    const active = (await serverSearch('status:not=completed&_sort=-priority-order,due-date')).map(
      (task) => task.id
    );
    await expect.poll(() => listedIds(page), { timeout: SYNC_TIMEOUT }).toEqual(active);

    await openQueue(page, 'Doctor Tasks');
    await expect(page.getByRole('tab', { name: 'Completed' })).toHaveCount(0);
    await openQueue(page, 'NY Tasks');
    await expect(page.getByRole('tab', { name: 'Active' })).toHaveCount(0);
  });

  test('the side menu folds away on a narrow screen, opens from the logo and closes after a link', async ({
    page,
  }) => {
    await signIn(page);
    await page.setViewportSize({ width: 700, height: 1000 });
    await expect(menu(page).getByRole('link', { name: 'My Tasks' })).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await menu(page).getByRole('link', { name: 'CA Tasks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'CA Tasks' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'My Tasks' })).not.toBeInViewport();
  });
});

test.describe('task actions', () => {
  test('claims a task from the Doctor queue; it moves to My Tasks', async ({ page }) => {
    await signIn(page);
    const params = await openQueue(page, 'Doctor Tasks');
    const [first] = await serverSearch(params.toString());
    const id = first?.id ?? '';
    await expect(page.locator(`tr[data-task-id="${id}"]`)).toBeVisible({ timeout: SYNC_TIMEOUT });
    await page.locator(`tr[data-task-id="${id}"] a`).first().click();
    await expect(page).toHaveURL(new RegExp(`/Task/${id}/details$`));
    await actions(page).getByRole('button', { name: 'Claim Task' }).click();
    await expect(page.getByText('Are you sure you want to assign this task to yourself?')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Task claimed');
    await expect(actions(page).getByRole('button', { name: 'Claim Task' })).toHaveCount(0);
    await expectOnServer(id, (task) => task?.owner?.reference, ALICE);

    await openQueue(page, 'My Tasks');
    await expect(page.locator(`tr[data-task-id="${id}"]`)).toBeVisible();
    await openQueue(page, 'Doctor Tasks');
    await expect(page.locator(`tr[data-task-id="${id}"]`)).toHaveCount(0);
    expectNoConsoleErrors(page);
  });

  test('assigns, reassigns and assigns a role', async ({ page }) => {
    await signIn(page);
    const [task] = await serverSearch('owner:missing=true&status=ready&_sort=_id');
    const id = task?.id ?? '';
    await openTask(page, id);

    await actions(page).getByRole('button', { name: 'Assign Task' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Practitioner' }).click();
    await page.getByRole('option', { name: 'Bob Jones' }).click();
    await dialog.getByRole('button', { name: 'Assign Task' }).click();
    await expectToast(page, 'Task assigned');
    await expectOnServer(id, (t) => t?.owner?.reference, 'Practitioner/practitioner-bob-jones');

    await actions(page).getByRole('button', { name: 'Reassign Task' }).click();
    await dialog.getByRole('combobox', { name: 'Practitioner' }).click();
    await page.getByRole('option', { name: 'Alice Smith' }).click();
    await dialog.getByRole('button', { name: 'Reassign Task' }).click();
    await expectOnServer(id, (t) => t?.owner?.reference, ALICE);

    await actions(page).getByRole('button', { name: 'Assign Role' }).click();
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Care Team Coordinator' }).click();
    await dialog.getByRole('button', { name: 'Assign Role' }).click();
    await expectToast(page, 'Task assigned');
    await expectOnServer(
      id,
      (t) => t?.performerType?.some((concept) => concept.coding?.some((c) => c.code === '768821004')),
      true
    );
    expectNoConsoleErrors(page);
  });

  test('pauses, resumes and completes a task, shown at once and then on the server', async ({ page }) => {
    await signIn(page);
    const [task] = await serverSearch(`owner=${ALICE}&status=ready&_sort=_id`);
    const id = task?.id ?? '';
    await openTask(page, id);
    await page.screenshot({ path: `${SCREENSHOTS}/task-detail-1024x768.png`, fullPage: true });
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.screenshot({ path: `${SCREENSHOTS}/task-detail-768x1024.png`, fullPage: true });
    const touchHeights = await page
      .getByRole('region', { name: 'Task Actions' })
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().height));
    expect(Math.min(...touchHeights)).toBeGreaterThanOrEqual(44);
    await page.setViewportSize({ width: 1024, height: 768 });

    await actions(page).getByRole('button', { name: 'Pause Task' }).click();
    await expectToast(page, 'Task paused');
    await expectOnServer(id, (t) => t?.status, 'on-hold');
    await actions(page).getByRole('button', { name: 'Resume Task' }).click();
    await expectToast(page, 'Task resumed');
    await expectOnServer(id, (t) => t?.status, 'in-progress');
    await actions(page).getByRole('button', { name: 'Complete Task' }).click();
    await expectToast(page, 'Task completed');
    await expect(actions(page).getByRole('button', { name: 'Complete Task' })).toHaveCount(0);
    await expectOnServer(id, (t) => t?.status, 'completed');
    // Pause works on a completed task too: it reopens it, on hold.
    await actions(page).getByRole('button', { name: 'Pause Task' }).click();
    await expect(actions(page).getByRole('button', { name: 'Resume Task' })).toBeVisible();
    await expectOnServer(id, (t) => t?.status, 'on-hold');
    expectNoConsoleErrors(page);
  });

  test('sets a due date and a business status, and adds a note', async ({ page }) => {
    await signIn(page);
    const [task] = await serverSearch(`owner=${ALICE}&status:not=completed&_sort=_id`);
    const id = task?.id ?? '';
    await openTask(page, id);

    await actions(page)
      .getByRole('button', { name: /^(Add|Change) Due-Date$/ })
      .click();
    await page.getByRole('dialog').getByLabel('Due date').fill('2024-06-30');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    // A due date in the past asks to confirm.
    await page.getByRole('dialog').getByRole('button', { name: 'Save anyway' }).click();
    await expectToast(page, 'Due-date updated.');
    await expect(actions(page).getByRole('button', { name: 'Change Due-Date' })).toBeVisible();
    await expectOnServer(id, (t) => t?.restriction?.period?.end?.slice(0, 7), '2024-06');

    const [code, display] =
      task?.businessStatus?.coding?.[0]?.code === 'follow-up-needed'
        ? ['doctor-review-needed', 'Doctor Review Needed']
        : ['follow-up-needed', 'Follow-up Needed'];
    await page.getByRole('combobox', { name: 'Update Business Status' }).click();
    await page.getByRole('option', { name: display }).click();
    await expectToast(page, 'Status updated.');
    await expectOnServer(id, (t) => t?.businessStatus?.coding?.[0]?.code, code);

    await page.getByRole('textbox', { name: 'Note' }).fill('Spoke with the patient by phone');
    await actions(page).getByRole('button', { name: 'Add Note' }).click();
    await expectToast(page, 'Comment added.');
    await page.getByRole('tab', { name: 'Notes' }).click();
    await expect(page).toHaveURL(new RegExp(`/Task/${id}/notes$`));
    await expect(page.getByRole('list', { name: 'Notes' }).getByRole('listitem').first()).toContainText(
      'Spoke with the patient by phone'
    );
    await expectOnServer(
      id,
      (t) => t?.note?.some((note) => note.text === 'Spoke with the patient by phone'),
      true
    );
    expectNoConsoleErrors(page);
  });

  test('deletes a task after confirming', async ({ page }) => {
    await signIn(page);
    const [task] = await serverSearch('owner:missing=true&status=ready&_sort=-_id');
    const id = task?.id ?? '';
    await openTask(page, id);
    await actions(page).getByRole('button', { name: 'Delete Task' }).click();
    await expect(page.getByText('Are you sure you want to delete this task?')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Task deleted');
    await expect(page).toHaveURL(/\/Task$/);
    await expectOnServer(id, (t) => t === undefined, true);
  });

  test('creates a task with the New form and opens it', async ({ page }) => {
    await signIn(page);
    await openQueue(page, 'All Tasks');
    await page.getByRole('button', { name: 'New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Task' });
    await dialog.getByRole('combobox', { name: 'Task type' }).click();
    await page.getByRole('option', { name: 'Schedule Appointment' }).click();
    await dialog.getByRole('combobox', { name: 'Patient' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'Urgent' }).click();
    await dialog.getByLabel('Due date').fill('2024-07-15');
    await dialog.getByLabel('Description').fill('Book a follow-up visit from the tablet');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    // A due date in the past asks to confirm.
    await dialog.getByRole('button', { name: 'Save anyway' }).click();
    await expect(page).toHaveURL(/\/Task\/[^/]+\/details$/);
    const localId = new URL(page.url()).pathname.split('/')[2] ?? '';
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule Appointment' })).toBeVisible();
    await expect(page.getByText('Book a follow-up visit from the tablet')).toBeVisible();
    // The server knows the task by the identifier the device gave it, under an id of its own.
    const byIdentifier = `identifier=${encodeURIComponent(`urn:carequeue:client-id|${localId}`)}`;
    await expect
      .poll(async () => (await serverSearch(byIdentifier)).length, { timeout: SYNC_TIMEOUT })
      .toBe(1);
    const [created] = await serverSearch(byIdentifier);
    expect(created?.description).toBe('Book a follow-up visit from the tablet');
    expect(created?.priority).toBe('urgent');
    await expect(page).toHaveURL(new RegExp(`/Task/${created?.id}/details$`), { timeout: SYNC_TIMEOUT });
    expectNoConsoleErrors(page);
  });
});
