import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from '../fixtures/api-sign-in';
import { signUpByApi } from '../fixtures/api-sign-up';
import { SCREENSHOTS } from './support/app';

/** The two sizes every new sign-in screen is looked at: a tablet upright and a laptop. */
const SIZES = [
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1440, height: 900 },
];

async function snapshot(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({ path: `${SCREENSHOTS}/signin-flows/${name}-${size.name}.png`, fullPage: true });
  }
  if (viewport) await page.setViewportSize(viewport);
}

async function enterCredentials(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
}

let counter = 0;
const uniqueEmail = (name: string): string => `${name}-${Date.now()}-${++counter}@example.com`;

/** Registers through the Register page and its create-project step; ends signed in on /Task. */
async function register(page: Page, email: string, password: string, shoot = false): Promise<void> {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Create a CareQueue account' })).toBeVisible();
  if (shoot) await snapshot(page, 'register');
  await page.getByLabel('First name').fill('Jamie');
  await page.getByLabel('Last name').fill('Fields');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Create project' })).toBeVisible();
  if (shoot) await snapshot(page, 'register-create-project');
  await page.getByLabel('Project name').fill('Fields Family Practice');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/Task$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Jamie Fields');
}

test.describe('sign-in flows', () => {
  test('a new user registers, signs out, and signs in again with the new account', async ({ page }) => {
    const email = uniqueEmail('register');
    await register(page, email, 'jamie-password', true);
    await signOut(page);
    await enterCredentials(page, email, 'jamie-password');
    await expect(page).toHaveURL(/\/Task$/);
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Jamie Fields');
  });

  test('a user resets a forgotten password through the link in the captured e-mail', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('reset');
    await register(page, email, 'first-password');
    await signOut(page);

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Forgot password' }).click();
    await expect(page).toHaveURL(/\/resetpassword$/);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await snapshot(page, 'reset-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('status')).toContainText(
      'If the account exists on our system, a password reset email will be sent.'
    );
    await snapshot(page, 'reset-password-sent');

    // The user is the admin of the project they created, so they may read its mail.
    const session = await signInByApi(`${baseURL}/`, email, { password: 'first-password' });
    const emails = (await (await session.fetch('$fake/emails')).json()) as { to: string[]; text: string }[];
    const link = /https?:\/\/\S+\/setpassword\/\S+/.exec(
      emails.find((message) => message.to.includes(email))?.text ?? ''
    )?.[0];
    expect(link, 'a set-password link in the captured e-mail').toBeTruthy();

    await page.goto(link as string);
    await expect(page.getByRole('heading', { name: 'Set password' })).toBeVisible();
    await snapshot(page, 'set-password');
    await page.getByLabel('New password', { exact: false }).first().fill('second-password');
    await page.getByLabel('Confirm new password').fill('second-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('status')).toContainText('Password set.');
    await snapshot(page, 'set-password-done');

    await page.goto(link as string);
    await page.getByLabel('New password', { exact: false }).first().fill('third-password');
    await page.getByLabel('Confirm new password').fill('third-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('alert')).toContainText('Already used');
    await snapshot(page, 'set-password-used');

    await page.goto('/signin');
    await enterCredentials(page, email, 'first-password');
    await expect(page.getByRole('alert')).toContainText('Email or password is invalid');
    await page.getByRole('button', { name: 'Change' }).click();
    await enterCredentials(page, email, 'second-password');
    await expect(page).toHaveURL(/\/Task$/);
  });

  test('/signin?project=new creates a project at sign-in', async ({ page, baseURL }) => {
    // A user of its own: a demo user with a second project would have to choose a profile elsewhere.
    const user = await signUpByApi(`${baseURL}/`, { firstName: 'Bob', lastName: 'Jones' });
    await page.goto('/signin?project=new');
    await enterCredentials(page, user.email, user.password);
    await expect(page.getByRole('heading', { name: 'Create project' })).toBeVisible();
    await snapshot(page, 'signin-create-project');
    await page.getByLabel('Project name').fill('Night Shift Pilot');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect(page).toHaveURL(/\/Task$/);
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Bob Jones');
  });

  test.describe('with switches in config.json', () => {
    // The PWA worker would answer config.json from its precache; these tests serve their own.
    test.use({ serviceWorkers: 'block' });

    async function withConfig(page: Page, switches: Record<string, unknown>): Promise<void> {
      await page.route('**/config.json', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), ...switches } });
      });
    }

    test('the chooseScopes switch lets the user narrow the scopes before finishing', async ({ page }) => {
      await withConfig(page, { chooseScopes: true });
      await page.goto('/signin');
      await enterCredentials(page, 'doctor@example.com', 'password');
      await expect(page.getByRole('heading', { name: 'Choose scope' })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'openid' })).toBeChecked();
      await snapshot(page, 'choose-scope');
      await page.getByRole('checkbox', { name: 'profile' }).uncheck();
      const tokens = page.waitForResponse((response) => response.url().endsWith('/oauth2/token'));
      await page.getByRole('button', { name: 'Set scope' }).click();
      expect(((await (await tokens).json()) as { scope: string }).scope).toBe('openid');
      await expect(page).toHaveURL(/\/Task$/);
    });

    test('Google sign-in shows only when switched on; e-mail sign-in can be switched off', async ({
      page,
    }) => {
      await withConfig(page, { googleSignIn: true, googleClientId: 'carequeue.apps.example' });
      await page.goto('/signin');
      await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
      await expect(page.getByLabel('Email')).toBeVisible();
      await snapshot(page, 'signin-google');

      await page.unrouteAll();
      await withConfig(page, {
        googleSignIn: true,
        googleClientId: 'carequeue.apps.example',
        emailSignIn: false,
      });
      await page.goto('/signin');
      await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
      await expect(page.getByLabel('Email')).toHaveCount(0);
      await snapshot(page, 'signin-google-only');
    });
  });
});
