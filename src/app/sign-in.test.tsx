import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNodeFakeServer } from '@mocks/node';
import { renderApp, type RenderedApp } from './testing/render-app';

const { server, baseUrl } = createNodeFakeServer();

// Each test signs the whole app in against the fake server in this one thread: the first sync, the
// queue patients' clinical lists and several sync runs take 10–20 s on a shared 2-core machine.
vi.setConfig({ testTimeout: 45_000 });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

async function enterEmailAndPassword(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email/), email);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(await screen.findByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

function path(app: RenderedApp): string {
  return app.history.location.pathname;
}

describe('sign-in', () => {
  it('a visitor goes from the landing page to the sign-in card', async () => {
    const app = await renderApp(baseUrl, '/');
    expect(await screen.findByText(/Welcome to the CareQueue task demo/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to CareQueue' })).toBeInTheDocument();
    expect(path(app)).toBe('/signin');
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });

  it('doctor@example.com lands on /Task with her name', async () => {
    const app = await renderApp(baseUrl, '/signin');
    await enterEmailAndPassword('doctor@example.com', 'password');

    expect(await screen.findByRole('heading', { name: 'All Tasks' })).toBeInTheDocument();
    expect(path(app)).toBe('/Task');
    expect(await screen.findByRole('button', { name: /^User menu/ })).toHaveTextContent('Alice Smith');
    expect(app.services.client.session.getState().status).toBe('ready');
  });

  it("a wrong password shows the server's words and stays on the password step", async () => {
    const app = await renderApp(baseUrl, '/signin');
    await enterEmailAndPassword('doctor@example.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is invalid');
    expect(screen.getByLabelText(/Password/)).toBeInTheDocument();
    expect(path(app)).toBe('/signin');
    expect(app.services.client.session.getState().status).toBe('none');
  });

  it('mfa@example.com signs in with code 123456', async () => {
    const app = await renderApp(baseUrl, '/signin');
    const user = await enterEmailAndPassword('mfa@example.com', 'password');

    expect(await screen.findByRole('heading', { name: 'Enter MFA code' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/MFA code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit code' }));

    expect(await screen.findByRole('heading', { name: 'All Tasks' })).toBeInTheDocument();
    expect(path(app)).toBe('/Task');
    expect(await screen.findByRole('button', { name: /^User menu/ })).toHaveTextContent('Dan Brown');
  });

  it("a wrong MFA code shows the server's error titled 'Error'", async () => {
    await renderApp(baseUrl, '/signin');
    const user = await enterEmailAndPassword('mfa@example.com', 'password');
    await user.type(await screen.findByLabelText(/MFA code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Submit code' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert.textContent?.replace('Error', '').trim()).not.toBe('');
    expect(screen.getByRole('heading', { name: 'Enter MFA code' })).toBeInTheDocument();
  });

  it('the coordinator chooses one of her two profiles', async () => {
    const app = await renderApp(baseUrl, '/signin');
    const user = await enterEmailAndPassword('coordinator@example.com', 'password');

    expect(await screen.findByRole('heading', { name: 'Choose profile' })).toBeInTheDocument();
    const choices = screen.getAllByRole('listitem');
    expect(choices).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'no such project');
    expect(screen.getByText('Nothing found...')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await user.click(screen.getAllByRole('listitem')[1] as HTMLElement);

    expect(await screen.findByRole('heading', { name: 'All Tasks' })).toBeInTheDocument();
    expect(path(app)).toBe('/Task');
    expect(await screen.findByRole('button', { name: /^User menu/ })).toHaveTextContent('Carol White');
  });

  it('sign out returns to /signin and forgets the session', async () => {
    const app = await renderApp(baseUrl, '/signin');
    const user = await enterEmailAndPassword('nurse@example.com', 'password');
    await screen.findByRole('heading', { name: 'All Tasks' });

    await user.click(await screen.findByRole('button', { name: /^User menu/ }));
    // jsdom may leave the menu's opening transition unfinished (display: none), so the item is
    // clicked without the visibility check; the browser test signs out through the visible menu.
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));

    expect(await screen.findByRole('heading', { name: 'Sign in to CareQueue' })).toBeInTheDocument();
    expect(path(app)).toBe('/signin');
    expect(app.services.client.session.getState().status).toBe('none');
  });

  it('asks for the required fields before calling the server', async () => {
    await renderApp(baseUrl, '/signin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), 'doctor@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
  });
});

describe('routes', () => {
  it('a visitor asking for /Task is sent to the site root', async () => {
    const app = await renderApp(baseUrl, '/Task');
    expect(await screen.findByText(/Welcome to the CareQueue task demo/)).toBeInTheDocument();
    expect(path(app)).toBe('/');
  });

  it('a signed-in user at / goes to /Task, and an unknown route shows the 404', async () => {
    const app = await renderApp(baseUrl, '/signin');
    await enterEmailAndPassword('doctor@example.com', 'password');
    await screen.findByRole('heading', { name: 'All Tasks' });

    await app.history.push('/no/such/page/here');
    expect(await screen.findByText(/No route matches URL/)).toBeInTheDocument();
    await app.history.push('/');
    expect(await screen.findByRole('heading', { name: 'All Tasks' })).toBeInTheDocument();
    await waitFor(() => expect(path(app)).toBe('/Task'));
  });

  it('shows the Google button only when the config enables it', async () => {
    await renderApp(baseUrl, '/signin', { googleSignIn: true, googleClientId: 'google-client' });
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });
});
