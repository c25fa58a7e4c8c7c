import { expect, test, type Page } from '@playwright/test';
import { signUpByApi, type NewProjectSession } from '../fixtures/api-sign-up';

/**
 * The upload pages on an EMPTY project. Each test registers a new user with a new project through the
 * sign-up API (auth/newuser + auth/newproject), as the sign-in page's registration does: the demo
 * users' project is seeded, and giving doctor@example.com a second, empty project would make every
 * other test choose a profile at sign-in.
 */
const SCREENSHOTS = 'tests/e2e/screenshots';

function baseUrl(): string {
  return String(test.info().project.use.baseURL) + '/';
}

async function signInAs(page: Page, user: NewProjectSession): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/Task/);
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Opens an upload page from the side menu, presses its button and waits for the success notice and the way back. */
async function upload(page: Page, menuLabel: string, button: string, notice: string): Promise<void> {
  // An upload adds queues to the side menu, which moves the links below them: a click that lands
  // while the menu is being redrawn may hit a queue link instead, so the click is tried again until
  // the upload page is open.
  await expect(async () => {
    await menu(page).getByRole('link', { name: menuLabel }).click();
    await expect(page).toHaveURL(/\/upload\//, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByText(notice, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/Task/);
}

async function openQueue(page: Page, label: string): Promise<void> {
  await expect(menu(page).getByRole('link', { name: label })).toBeVisible({ timeout: 20_000 });
  await menu(page).getByRole('link', { name: label }).click();
}

test.describe('upload pages on an empty project', () => {
  test('core, role, task and qualifications fill the Doctor queue and the NY/CA/TX queues', async ({
    page,
  }) => {
    const user = await signUpByApi(baseUrl(), { firstName: 'Alice', lastName: 'Upload' });
    await signInAs(page, user);

    await menu(page).getByRole('link', { name: 'Upload Core ValueSets' }).click();
    await expect(page.getByRole('button', { name: 'Upload core Data' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/upload-core.png` });
    await page.getByRole('button', { name: 'Upload core Data' }).click();
    await expect(page.getByText('Uploaded Business Statuses', { exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText('Uploaded Practitioner Roles and Task Types')).toBeVisible();
    await expect(page).toHaveURL(/\/Task/);

    await upload(
      page,
      'Upload Example Certifications',
      'Upload role Data',
      'Uploaded Example Qualifications'
    );
    await upload(page, 'Upload Example Tasks', 'Upload task Data', 'Uploaded Example Tasks');
    await openQueue(page, 'Doctor Tasks');
    await expect(page.getByText('Review Diagnostic Report').first()).toBeVisible({ timeout: 20_000 });

    await upload(
      page,
      'Upload Example Licenses',
      'Upload qualifications Data',
      'Uploaded Example Qualifications'
    );
    for (const state of ['NY', 'CA'])
      await expect(menu(page).getByRole('link', { name: `${state} Tasks` })).toBeVisible({ timeout: 20_000 });
    await openQueue(page, 'TX Tasks');
    await expect(page.getByText("Verify Driver's License").first()).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: `${SCREENSHOTS}/upload-state-queue.png` });
  });

  test('bots, then a report and messages: the review task appears, and a moved clock brings a Respond to Message task', async ({
    page,
  }) => {
    const user = await signUpByApi(baseUrl(), { firstName: 'Robin', lastName: 'Botley' });
    await signInAs(page, user);
    await upload(
      page,
      'Upload Example Certifications',
      'Upload role Data',
      'Uploaded Example Qualifications'
    );
    await upload(page, 'Upload Example Bots', 'Upload bots Data', 'Deployed Example Bots');
    await upload(page, 'Upload Example Report', 'Upload report Data', 'Uploaded Example Report');
    await openQueue(page, 'Doctor Tasks');
    await expect(page.getByText('Review Diagnostic Report').first()).toBeVisible({ timeout: 20_000 });

    await upload(page, 'Upload Example Messages', 'Upload message Data', 'Uploaded Example Messages');
    // The developer controls need a project admin's token; the new project's owner is its admin.
    const moved = await page.request.post('/$fake/clock', {
      data: { advanceMs: 15 * 60_000 },
      headers: { Authorization: `Bearer ${user.accessToken}` },
    });
    expect(moved.ok()).toBe(true);
    const respondTasksOnServer = async () => {
      const response = await user.fetch('fhir/R4/Task?code=respond-to-message&_summary=count');
      return ((await response.json()) as { total?: number }).total ?? 0;
    };
    await expect.poll(respondTasksOnServer, { message: 'the scheduled bot created its tasks' }).toBe(2);
    await page.reload();
    await openQueue(page, 'My Tasks');
    await expect(page.getByText('Respond to Message').first()).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${SCREENSHOTS}/upload-respond-to-message.png` });
  });

  test("an unknown type says 'Invalid upload type'", async ({ page }) => {
    const user = await signUpByApi(baseUrl());
    await signInAs(page, user);
    await page.goto('/upload/everything');
    await page.getByRole('button', { name: 'Upload everything Data' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid upload type' })).toBeVisible();
  });
});

test.describe('upload pages on the demo project', () => {
  test("the nurse, who is not a project admin, is shown the server's words when uploading bots", async ({
    page,
  }) => {
    await page.goto('/signin');
    await page.getByLabel('Email').fill('nurse@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Password' }).fill('password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/Task/);
    await menu(page).getByRole('link', { name: 'Upload Example Bots' }).click();
    await page.getByRole('button', { name: 'Upload bots Data' }).click();
    await expect(page.getByText('Only a project admin can create, deploy or execute bots')).toBeVisible({
      timeout: 20_000,
    });
    await expect(page).toHaveURL(/\/upload\/bots/);
  });
});
