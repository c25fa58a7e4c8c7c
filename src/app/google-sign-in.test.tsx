import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RegisterPage, SignInPage } from '@/features/signin';
import { ApiClient, MemoryStorage } from '@/sync';
import { signTestGoogleCredential, testGoogleVerifier } from '@mocks/auth';
import { createNodeFakeServer } from '@mocks/node';
import { AppProviders } from './Providers';

const GOOGLE_CLIENT = 'carequeue-test.apps.example';
const TEST_KEY = 'google-test-key-for-component-tests';
const { server, baseUrl } = createNodeFakeServer({ google: testGoogleVerifier(GOOGLE_CLIENT, TEST_KEY) });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function client(): Promise<ApiClient> {
  const api = new ApiClient({
    baseUrl,
    clientId: 'carequeue-web',
    storage: new MemoryStorage(),
    retryDelayMs: 0,
  });
  await api.initialize();
  return api;
}

const credentialFor =
  (email: string, names: { given_name?: string; family_name?: string } = {}) =>
  () =>
    signTestGoogleCredential(GOOGLE_CLIENT, TEST_KEY, { email, ...names });

/** Renders the sign-in page and presses 'Sign in with Google' with a credential for `email`. */
async function signInWithGoogleAs(email: string, onSuccess: () => void): Promise<ApiClient> {
  const api = await client();
  render(
    <AppProviders>
      <SignInPage
        signIn={api.signIn}
        google={{ clientId: GOOGLE_CLIENT, getCredential: credentialFor(email) }}
        onForgotPassword={() => undefined}
        onSuccess={onSuccess}
      />
    </AppProviders>
  );
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with Google' }));
  return api;
}

describe('Sign in with Google', () => {
  it('signs a known user in with the credential Google hands over, checked by the server', async () => {
    const onSuccess = vi.fn();
    const api = await signInWithGoogleAs('nurse@example.com', onSuccess);
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const state = api.session.getState();
    expect(state.status === 'ready' && state.details.profile.resourceType).toBe('Practitioner');
  });

  it("shows the server's words when it refuses the credential", async () => {
    await signInWithGoogleAs('nobody-yet@example.com', () => undefined);
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
  });

  it('registers a new Google user, who then creates a project', async () => {
    const api = await client();
    const onSuccess = vi.fn();
    render(
      <AppProviders>
        <RegisterPage
          signIn={api.signIn}
          google={{
            clientId: GOOGLE_CLIENT,
            getCredential: credentialFor('casey.google@example.com', {
              given_name: 'Casey',
              family_name: 'Lane',
            }),
          }}
          onSignIn={() => undefined}
          onSuccess={onSuccess}
        />
      </AppProviders>
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await user.type(await screen.findByLabelText(/Project name/), 'Lane Practice');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const state = api.session.getState();
    expect(state.status === 'ready' && state.details.project.name).toBe('Lane Practice');
  });
});
