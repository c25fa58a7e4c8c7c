import axe from 'axe-core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFakeServer } from '@mocks/node';
import { renderApp, type RenderedApp } from './testing/render-app';

const { server, baseUrl, fake } = createNodeFakeServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const path = (app: RenderedApp): string => app.history.location.pathname;

/** The path of the newest set-password link e-mailed to an address. */
function setPasswordPath(address: string): string {
  const email = fake.mailbox.list().find((message) => message.to.includes(address));
  const match = /\/setpassword\/[^/\s]+\/[^/\s]+/.exec(email?.text ?? '');
  if (!match) throw new Error(`No set-password link was e-mailed to ${address}`);
  return match[0];
}

async function signIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(await screen.findByLabelText(/Email/), email);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(await screen.findByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

function accessTokenScope(app: RenderedApp): string {
  const state = app.services.client.session.getState();
  if (state.status === 'none') throw new Error('Not signed in');
  const payload = JSON.parse(atob(state.login.accessToken.split('.')[1] ?? '')) as { scope: string };
  return payload.scope;
}

describe('Register', () => {
  it('takes a new user from the Register link through a new project to their tasks', async () => {
    const app = await renderApp(baseUrl, '/signin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Create a CareQueue account' })).toBeInTheDocument();
    expect(path(app)).toBe('/register');

    await user.type(screen.getByLabelText(/First name/), 'Riley');
    await user.type(screen.getByLabelText(/Last name/), 'Morgan');
    await user.type(screen.getByLabelText(/Email/), 'riley.morgan@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'riley-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Create project' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Project name/), 'Morgan Home Care');
    await user.click(screen.getByRole('button', { name: 'Create project' }));

    await waitFor(() => expect(path(app)).toBe('/Task'));
    expect(await screen.findByRole('button', { name: /^User menu/ })).toHaveTextContent('Riley Morgan');
    const state = app.services.client.session.getState();
    expect(state.status === 'ready' && state.details.project.name).toBe('Morgan Home Care');
  });

  it('checks the fields before calling the server, and shows its refusal at the field', async () => {
    await renderApp(baseUrl, '/register');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/First name/), 'Alice');
    await user.type(screen.getByLabelText(/Last name/), 'Again');
    await user.type(screen.getByLabelText(/Email/), 'doctor@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Password/), '-but-now-long');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Email already registered')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('is hidden when the config switches registration off', async () => {
    const app = await renderApp(baseUrl, '/signin', { register: false });
    expect(await screen.findByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    await app.history.push('/register');
    await waitFor(() => expect(path(app)).toBe('/signin'));
  });
});

describe('Forgot password', () => {
  it('sends a link with which the user sets a new password once; the old password stops working', async () => {
    const app = await renderApp(baseUrl, '/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/First name/), 'Sam');
    await user.type(screen.getByLabelText(/Last name/), 'Reset');
    await user.type(screen.getByLabelText(/Email/), 'sam.reset@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'old-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(await screen.findByLabelText(/Project name/), 'Sam Clinic');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(path(app)).toBe('/Task'));
    await app.services.client.signOut();

    await app.history.push('/signin');
    await user.type(await screen.findByLabelText(/Email/), 'sam.reset@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Forgot password' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(path(app)).toBe('/resetpassword');
    await user.type(screen.getByLabelText(/Email/), 'sam.reset@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If the account exists on our system, a password reset email will be sent.'
    );

    const link = setPasswordPath('sam.reset@example.com');
    await app.history.push(link);
    expect(await screen.findByRole('heading', { name: 'Set password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'new-password');
    await user.type(screen.getByLabelText(/Confirm new password/), 'other-password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Confirm new password/));
    await user.type(screen.getByLabelText(/Confirm new password/), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Password set.');

    await app.history.push('/resetpassword');
    await screen.findByRole('heading', { name: 'Reset your password' });
    await app.history.push(link);
    await user.type(await screen.findByLabelText(/^New password/), 'third-password');
    await user.type(screen.getByLabelText(/Confirm new password/), 'third-password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Already used');
    await user.click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();

    await app.history.push('/signin');
    await signIn(user, 'sam.reset@example.com', 'old-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is invalid');
  });
});

describe('sign-in steps the config or the address turns on', () => {
  it('/signin?project=new ends the sign-in by creating a project', async () => {
    const app = await renderApp(baseUrl, '/signin?project=new');
    const user = userEvent.setup();
    await signIn(user, 'nurse@example.com', 'password');
    expect(await screen.findByRole('heading', { name: 'Create project' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Project name/), 'Night Shift Pilot');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(path(app)).toBe('/Task'));
    const state = app.services.client.session.getState();
    expect(state.status === 'ready' && state.details.project.name).toBe('Night Shift Pilot');
  });

  it('the chooseScopes switch lets the user narrow the scopes before finishing', async () => {
    const app = await renderApp(baseUrl, '/signin', { chooseScopes: true });
    const user = userEvent.setup();
    await signIn(user, 'doctor@example.com', 'password');
    expect(await screen.findByRole('heading', { name: 'Choose scope' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'openid' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'profile' }));
    await user.click(screen.getByRole('button', { name: 'Set scope' }));
    await waitFor(() => expect(path(app)).toBe('/Task'));
    expect(accessTokenScope(app)).toBe('openid');
  });

  it('with e-mail sign-in switched off only the Google button is offered', async () => {
    await renderApp(baseUrl, '/signin', { emailSignIn: false, googleSignIn: true, googleClientId: 'g' });
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Email/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('hides the Google button when the config names no Google client', async () => {
    await renderApp(baseUrl, '/signin', { googleSignIn: true, googleClientId: '' });
    expect(await screen.findByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });
});

describe('Developer mailbox (dev mode)', () => {
  it('shows a project admin the captured e-mails, newest first, with their links', async () => {
    await fetch(new URL('auth/resetpassword', baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'nurse@example.com' }),
    });
    const app = await renderApp(baseUrl, '/signin');
    const user = userEvent.setup();
    await signIn(user, 'doctor@example.com', 'password');
    await waitFor(() => expect(path(app)).toBe('/Task'));
    await app.history.push('/mailbox');

    expect(await screen.findByRole('heading', { name: 'Developer mailbox' })).toBeInTheDocument();
    const message = await screen.findByRole('article', { name: 'CareQueue password reset' });
    expect(message).toHaveTextContent('To nurse@example.com');
    const link = screen.getAllByRole('link').find((anchor) => anchor.textContent?.includes('/setpassword/'));
    expect(link?.getAttribute('href')).toMatch(/^http:\/\/localhost:3000\/setpassword\/[^/]+\/[^/]+$/);

    // WCAG 2.1 A and AA as axe checks them here. The mailbox exists only in dev mode, so the
    // Chromium check of the built app cannot reach it; jsdom draws no colours, so contrast is left to
    // that check, which covers the same theme parts (titles, dimmed text, cards, links, buttons).
    const { violations } = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? '')
    );
    expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('tells a member who is not a project admin that the mailbox is not theirs', async () => {
    // The nurse may own a project by now (the create-project test); this member owns none.
    const app = await renderApp(baseUrl, '/signin');
    const user = userEvent.setup();
    await signIn(user, 'mfa@example.com', 'password');
    await user.type(await screen.findByLabelText(/MFA code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit code' }));
    await waitFor(() => expect(path(app)).toBe('/Task'));
    await app.history.push('/mailbox');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only a project admin can read the developer mailbox.'
    );
  });
});
