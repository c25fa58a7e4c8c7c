import { expect, test, type Page } from '@playwright/test';

const SCREENSHOTS = 'tests/e2e/screenshots';

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('sign-in', () => {
  test('a visitor signs in as doctor@example.com and lands on /Task', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Welcome to the CareQueue task demo')).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { name: 'Sign in to CareQueue' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/signin.png`, fullPage: true });

    await signIn(page, 'doctor@example.com', 'password');

    await expect(page).toHaveURL(/\/Task$/);
    await expect(page.getByRole('heading', { name: 'All Tasks' })).toBeVisible();
    await expect(page.getByText('Alice Smith').first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/tasks.png`, fullPage: true });
  });

  test('mfa@example.com signs in with code 123456', async ({ page }) => {
    await page.goto('/signin');
    await signIn(page, 'mfa@example.com', 'password');
    await expect(page.getByRole('heading', { name: 'Enter MFA code' })).toBeVisible();
    await page.getByLabel('MFA code').fill('123456');
    await page.getByRole('button', { name: 'Submit code' }).click();
    await expect(page).toHaveURL(/\/Task$/);
    await expect(page.getByText('Dan Brown').first()).toBeVisible();
  });

  test("a wrong password shows 'Email or password is invalid'", async ({ page }) => {
    await page.goto('/signin');
    await signIn(page, 'doctor@example.com', 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('Email or password is invalid');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('sign out returns to /signin and the session is gone after a reload', async ({ page }) => {
    await page.goto('/signin');
    await signIn(page, 'doctor@example.com', 'password');
    await expect(page).toHaveURL(/\/Task$/);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { name: 'Sign in to CareQueue' })).toBeVisible();

    await page.goto('/Task');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a signed-in user keeps the session across a reload', async ({ page }) => {
    await page.goto('/signin');
    await signIn(page, 'doctor@example.com', 'password');
    await expect(page).toHaveURL(/\/Task$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'All Tasks' })).toBeVisible();
  });

  test('the sign-in controls are large enough to touch on a tablet', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/signin');
    const box = await page.getByRole('button', { name: 'Next' }).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    const input = await page.getByLabel('Email').boundingBox();
    expect(input?.height ?? 0).toBeGreaterThanOrEqual(44);
  });
});
