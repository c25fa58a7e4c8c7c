import { describe, expect, it, vi } from 'vitest';
import { createAuthService } from './service';
import {
  createTestServer,
  getJson,
  outcomeText,
  postJson,
  postToken,
  signIn,
  testUsers,
  bearerRequest,
} from './test-fixtures';

describe('signing out', () => {
  it('revokes the login: its access token and refresh token stop working at once', async () => {
    const { service } = createTestServer();
    const signedIn = await signIn(service, 'doctor@example.com');

    const loggedOut = await postJson(service, 'oauth2/logout', {}, signedIn.body.access_token);
    expect(loggedOut).toEqual({ status: 200, body: {} });

    await expect(service.authenticate(bearerRequest(signedIn.body.access_token))).rejects.toMatchObject({
      status: 401,
    });
    const me = await getJson(service, 'auth/me', signedIn.body.access_token);
    expect(me.status).toBe(401);
    const refreshed = await postToken(service, {
      grant_type: 'refresh_token',
      refresh_token: signedIn.body.refresh_token,
    });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it("leaves the user's other devices signed in", async () => {
    const { service } = createTestServer();
    const tablet = await signIn(service, 'doctor@example.com');
    const laptop = await signIn(service, 'doctor@example.com');
    await postJson(service, 'oauth2/logout', {}, tablet.body.access_token);
    await expect(service.authenticate(bearerRequest(laptop.body.access_token))).resolves.toMatchObject({
      projectId: 'clinic',
    });
  });

  it('answers a sign-out without a token with 401', async () => {
    const { service } = createTestServer();
    const loggedOut = await postJson(service, 'oauth2/logout', {});
    expect(loggedOut.status).toBe(401);
    expect(loggedOut.body.resourceType).toBe('OperationOutcome');
  });
});

describe('keeping sessions across restarts', () => {
  it('a restored service accepts the tokens and refresh tokens the old one issued', async () => {
    const first = createTestServer({ secret: undefined });
    const signedIn = await signIn(first.service, 'doctor@example.com');
    const saved = JSON.parse(JSON.stringify(first.service.snapshot()));

    const second = createAuthService({ directory: first.directory, users: [], clock: first.clock });
    second.restore(saved);

    await expect(second.authenticate(bearerRequest(signedIn.body.access_token))).resolves.toMatchObject({
      profile: { reference: 'Practitioner/alice' },
    });
    const refreshed = await postToken(second, {
      grant_type: 'refresh_token',
      refresh_token: signedIn.body.refresh_token,
    });
    expect(refreshed.status).toBe(200);
  });

  it('keeps users who registered before the restart', async () => {
    const { service, directory, clock } = createTestServer();
    const erin = {
      firstName: 'Erin',
      lastName: 'Green',
      email: 'erin@example.com',
      password: 'long-enough-password',
      codeChallenge: 'c'.repeat(43),
      codeChallengeMethod: 'S256',
    };
    await postJson(service, 'auth/newuser', erin);
    const restored = createAuthService({ directory, users: testUsers, clock });
    restored.restore(service.snapshot());
    const again = await postJson(restored, 'auth/newuser', erin);
    expect(outcomeText(again.body)).toBe('Email already registered');
  });

  it('tells subscribers about each change worth saving, and stops when they unsubscribe', async () => {
    const { service } = createTestServer();
    const listener = vi.fn();
    const unsubscribe = service.subscribe(listener);
    await signIn(service, 'doctor@example.com');
    const heard = listener.mock.calls.length;
    expect(heard).toBeGreaterThan(0);
    unsubscribe();
    await signIn(service, 'doctor@example.com');
    expect(listener).toHaveBeenCalledTimes(heard);
  });

  it('refuses to restore something that is not an auth snapshot', () => {
    const { service } = createTestServer();
    expect(() => service.restore({ version: 2 } as never)).toThrow('Not an auth snapshot');
  });

  it('does not let expired sign-ins pile up in the snapshot', async () => {
    const { service, clock } = createTestServer();
    for (let i = 0; i < 3; i++) {
      await postToken(service, {
        grant_type: 'client_credentials',
        client_id: 'reminder-bot',
        client_secret: 'bot-secret',
      });
    }
    clock.advanceSeconds(3601);
    await postToken(service, {
      grant_type: 'client_credentials',
      client_id: 'reminder-bot',
      client_secret: 'bot-secret',
    });
    expect(service.snapshot().logins).toHaveLength(1);
  });
});

describe('routing', () => {
  it('leaves FHIR paths to the FHIR engine', async () => {
    const { service } = createTestServer();
    expect(await service.handle(new Request('http://localhost/fhir/R4/Patient'))).toBeUndefined();
    expect(await service.handle(new Request('http://localhost/authors'))).toBeUndefined();
  });

  it('answers an unknown auth path with 404 and a wrong method with 405', async () => {
    const { service } = createTestServer();
    const unknown = await getJson(service, 'auth/unknown');
    expect(unknown.status).toBe(404);
    expect(unknown.body.resourceType).toBe('OperationOutcome');
    const wrongMethod = await getJson(service, 'auth/login');
    expect(wrongMethod.status).toBe(405);
  });

  it('publishes an OpenID configuration that points at its own token endpoint', async () => {
    const { service } = createTestServer();
    const config = await getJson(service, '.well-known/openid-configuration');
    expect(config.body).toMatchObject({
      issuer: 'http://localhost/',
      token_endpoint: 'http://localhost/oauth2/token',
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('answers userinfo with the OpenID claims of the signed-in user', async () => {
    const { service } = createTestServer();
    const signedIn = await signIn(service, 'doctor@example.com');
    const info = await getJson(service, 'oauth2/userinfo', signedIn.body.access_token);
    expect(info.body).toMatchObject({
      sub: 'user-doctor',
      email: 'doctor@example.com',
      fhirUser: 'Practitioner/alice',
    });
  });
});
