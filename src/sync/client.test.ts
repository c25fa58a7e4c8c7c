import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from './client';
import { challengeFor } from './auth/pkce';
import { MemoryStorage } from './platform';
import { fakeNetworkClient } from './testing/fake-client';
import { FakeNetwork, fakeJwt, json, networkDown, outcome } from './testing/fake-network';
import type { SessionDetails } from './auth/types';
import { ManualClock } from '@/fhir/testing/manual-clock';

const BASE = 'https://api.example.test/';

const details: SessionDetails = {
  profile: { resourceType: 'Practitioner', id: 'p1', name: [{ given: ['Alice'], family: 'Smith' }] },
  project: { resourceType: 'Project', id: 'proj1', name: 'CareQueue Demo' },
  membership: {
    resourceType: 'ProjectMembership',
    id: 'm1',
    project: { reference: 'Project/proj1' },
    user: { reference: 'User/u1' },
    profile: { reference: 'Practitioner/p1' },
  },
};

function setup(options: { tokenLifetimeMs?: number } = {}) {
  const clock = new ManualClock();
  const network = new FakeNetwork(BASE);
  const storage = new MemoryStorage();
  const lifetime = options.tokenLifetimeMs ?? 3_600_000;
  let issued = 0;
  const token = () => fakeJwt({ exp: Math.floor((clock.now() + lifetime) / 1000), n: ++issued });
  const tokens = () =>
    json({
      token_type: 'Bearer',
      access_token: token(),
      refresh_token: `refresh-${issued}`,
      project: { reference: 'Project/proj1', display: 'CareQueue Demo' },
      profile: { reference: 'Practitioner/p1', display: 'Alice Smith' },
    });
  const client = fakeNetworkClient({ network, storage, clock });
  return { client, clock, network, storage, tokens: () => tokens() };
}

/** Signs in through the password step and the code exchange. */
async function signIn(ctx: ReturnType<typeof setup>) {
  ctx.network
    .on('POST', 'auth/login', json({ login: 'l1', code: 'code-1' }))
    .on('POST', 'oauth2/token', () => ctx.tokens())
    .on('GET', 'auth/me', json(details));
  const answer = await ctx.client.signIn.login({ email: 'doctor@example.com', password: 'password' });
  await ctx.client.signIn.complete(answer.code ?? '');
}

describe('sign-in steps', () => {
  it('sends the password with an S256 challenge that matches the verifier of the code exchange', async () => {
    const ctx = setup();
    await signIn(ctx);

    const login = JSON.parse(ctx.network.requestsTo('POST', 'auth/login')[0]?.body ?? '{}');
    expect(login).toMatchObject({
      email: 'doctor@example.com',
      password: 'password',
      remember: false,
      clientId: 'carequeue-web',
      scope: 'openid profile offline_access',
      codeChallengeMethod: 'S256',
    });
    const exchange = ctx.network.requestsTo('POST', 'oauth2/token')[0];
    expect(exchange?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(exchange?.body);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('code')).toBe('code-1');
    expect(form.get('client_id')).toBe('carequeue-web');
    expect(await challengeFor(form.get('code_verifier') ?? '')).toBe(login.codeChallenge);
  });

  it("asks for offline_access, so a tablet signed in without 'Remember me' still gets a refresh token", async () => {
    const ctx = setup();
    await signIn(ctx);
    const login = JSON.parse(ctx.network.requestsTo('POST', 'auth/login')[0]?.body ?? '{}');
    expect(login.remember).toBe(false);
    expect(String(login.scope).split(' ')).toContain('offline_access');
  });

  it('saves the login and loads the profile once the code is exchanged', async () => {
    const ctx = setup();
    await signIn(ctx);

    const state = ctx.client.session.getState();
    expect(state.status).toBe('ready');
    expect(state.status === 'ready' && state.details.profile.id).toBe('p1');
    const saved = JSON.parse((await ctx.storage.get('activeLogin')) ?? '{}');
    expect(saved).toMatchObject({
      refreshToken: 'refresh-1',
      project: { reference: 'Project/proj1' },
      profile: { reference: 'Practitioner/p1', display: 'Alice Smith' },
    });
    expect(ctx.network.requestsTo('GET', 'auth/me')[0]?.headers.get('authorization')).toBe(
      `Bearer ${saved.accessToken}`
    );
  });

  it('posts each later step with the login it belongs to and returns the answer as is', async () => {
    const ctx = setup();
    ctx.network
      .on('POST', 'auth/method', json({}))
      .on('POST', 'auth/mfa/verify', json({ login: 'l1', code: 'c' }))
      .on('POST', 'auth/profile', json({ login: 'l1', code: 'c2' }))
      .on('POST', 'auth/scope', json({ login: 'l1', code: 'c3' }))
      .on('POST', 'auth/newproject', json({ login: 'l1', code: 'c4' }));

    expect(await ctx.client.signIn.method('a@example.com')).toEqual({});
    expect(await ctx.client.signIn.verifyMfa('l1', '123456')).toEqual({ login: 'l1', code: 'c' });
    await ctx.client.signIn.chooseProfile('l1', 'm2');
    await ctx.client.signIn.chooseScope('l1', 'openid');
    await ctx.client.signIn.newProject('l1', 'Ward 7');

    const bodies = ctx.network.requests.map((r) => [r.path, JSON.parse(r.body)]);
    expect(bodies).toEqual([
      ['auth/method', { email: 'a@example.com' }],
      ['auth/mfa/verify', { login: 'l1', token: '123456' }],
      ['auth/profile', { login: 'l1', profile: 'm2' }],
      ['auth/scope', { login: 'l1', scope: 'openid' }],
      ['auth/newproject', { login: 'l1', projectName: 'Ward 7' }],
    ]);
    expect(ctx.network.requests.every((r) => !r.headers.has('authorization'))).toBe(true);
  });

  it("raises the server's own words when the password is wrong", async () => {
    const ctx = setup();
    ctx.network.on('POST', 'auth/login', outcome('Email or password is invalid'));
    await expect(ctx.client.signIn.login({ email: 'doctor@example.com', password: 'nope' })).rejects.toThrow(
      'Email or password is invalid'
    );
  });

  it("a refused code exchange raises the server's error_description and leaves no login behind", async () => {
    const ctx = setup();
    ctx.network
      .on('POST', 'auth/login', json({ login: 'l1', code: 'stale' }))
      .on('POST', 'oauth2/token', json({ error: 'invalid_grant', error_description: 'Invalid code' }, 400));
    await ctx.client.signIn.login({ email: 'doctor@example.com', password: 'password' });
    await expect(ctx.client.signIn.complete('stale')).rejects.toThrow('Invalid code');
    expect(ctx.client.session.getState().status).toBe('none');
    expect(await ctx.storage.get('activeLogin')).toBeNull();
  });

  it("a token failure without a description says 'Failed to fetch tokens'", async () => {
    const ctx = setup();
    ctx.network
      .on('POST', 'auth/login', json({ login: 'l1', code: 'x' }))
      .on('POST', 'oauth2/token', new Response('nope', { status: 400 }));
    await ctx.client.signIn.login({ email: 'doctor@example.com', password: 'password' });
    await expect(ctx.client.signIn.complete('x')).rejects.toThrow('Failed to fetch tokens');
  });
});

describe('authenticated requests', () => {
  it("address an operation by its literal '$name', which is all a real server routes", () => {
    const ctx = setup();
    expect(ctx.client.fhirUrl('Bot', 'bot 1', '$deploy')).toBe(`${BASE}fhir/R4/Bot/bot%201/$deploy`);
    expect(ctx.client.fhirUrl('Patient', 'a$b')).toBe(`${BASE}fhir/R4/Patient/a%24b`);
  });

  it('carry the bearer token', async () => {
    const ctx = setup();
    await signIn(ctx);
    ctx.network.on('GET', 'fhir/R4/Task', json({ resourceType: 'Bundle' }));
    await ctx.client.get(ctx.client.fhirUrl('Task'));
    const saved = JSON.parse((await ctx.storage.get('activeLogin')) ?? '{}');
    expect(ctx.network.requestsTo('GET', 'fhir/R4/Task')[0]?.headers.get('authorization')).toBe(
      `Bearer ${saved.accessToken}`
    );
  });

  it('refresh the token shortly before it expires, once for concurrent requests', async () => {
    const ctx = setup({ tokenLifetimeMs: 600_000 });
    await signIn(ctx);
    ctx.network.on('GET', 'fhir/R4/Task', json({ resourceType: 'Bundle' }));
    ctx.clock.advance(600_000 - 10_000);

    await Promise.all([
      ctx.client.get(ctx.client.fhirUrl('Task')),
      ctx.client.get(ctx.client.fhirUrl('Task')),
    ]);

    const grants = ctx.network.requestsTo('POST', 'oauth2/token').map((r) => new URLSearchParams(r.body));
    expect(grants.map((g) => g.get('grant_type'))).toEqual(['authorization_code', 'refresh_token']);
    expect(grants[1]?.get('refresh_token')).toBe('refresh-1');
    const saved = JSON.parse((await ctx.storage.get('activeLogin')) ?? '{}');
    for (const request of ctx.network.requestsTo('GET', 'fhir/R4/Task')) {
      expect(request.headers.get('authorization')).toBe(`Bearer ${saved.accessToken}`);
    }
  });

  it('on 401 refresh and retry exactly once', async () => {
    const ctx = setup();
    await signIn(ctx);
    ctx.network.on(
      'GET',
      'fhir/R4/Task/1',
      outcome('Unauthorized', 401),
      json({ resourceType: 'Task', id: '1' })
    );

    await expect(ctx.client.get(ctx.client.fhirUrl('Task', '1'))).resolves.toMatchObject({ id: '1' });

    const sent = ctx.network.requestsTo('GET', 'fhir/R4/Task/1').map((r) => r.headers.get('authorization'));
    expect(sent).toHaveLength(2);
    expect(sent[0]).not.toBe(sent[1]);
    expect(ctx.network.requestsTo('POST', 'oauth2/token')).toHaveLength(2);
  });

  it('a second 401 after the refresh ends the session and runs the Unauthenticated callback', async () => {
    const ctx = setup();
    await signIn(ctx);
    const unauthenticated = vi.fn();
    ctx.client.onUnauthenticated(unauthenticated);
    ctx.network.on('GET', 'fhir/R4/Task/1', outcome('Unauthorized', 401));

    await expect(ctx.client.get(ctx.client.fhirUrl('Task', '1'))).rejects.toThrow('Unauthenticated');
    expect(ctx.network.requestsTo('GET', 'fhir/R4/Task/1')).toHaveLength(2);
    expect(unauthenticated).toHaveBeenCalledOnce();
    expect(ctx.client.session.getState().status).toBe('none');
  });

  it('a 401 that arrives after the user signed out does not run the Unauthenticated callback', async () => {
    const ctx = setup();
    await signIn(ctx);
    const unauthenticated = vi.fn();
    ctx.client.onUnauthenticated(unauthenticated);
    ctx.network.on('POST', 'oauth2/logout', json({}));
    const state = ctx.client.session.getState();
    const inFlight = state.status === 'none' ? '' : state.login.accessToken;

    // A request sent before the sign-out is refused after it: the client then tries to recover.
    await ctx.client.signOut();
    await expect(ctx.client.session.recoverFromUnauthorized(inFlight)).rejects.toThrow('Unauthenticated');
    expect(unauthenticated).not.toHaveBeenCalled();
    expect(ctx.client.session.getState().status).toBe('none');
  });

  it('a refused refresh clears the session and runs the Unauthenticated callback', async () => {
    const ctx = setup();
    await signIn(ctx);
    const unauthenticated = vi.fn();
    ctx.client.onUnauthenticated(unauthenticated);
    ctx.network
      .on('GET', 'fhir/R4/Task/1', outcome('Unauthorized', 401))
      .on(
        'POST',
        'oauth2/token',
        json({ error: 'invalid_grant', error_description: 'Invalid refresh token' }, 400)
      );

    await expect(ctx.client.get(ctx.client.fhirUrl('Task', '1'))).rejects.toThrow('Unauthenticated');
    expect(unauthenticated).toHaveBeenCalledOnce();
    expect(await ctx.storage.get('activeLogin')).toBeNull();
  });

  it('a refresh that cannot reach the server keeps the session (a clinician in a lift stays signed in)', async () => {
    const ctx = setup({ tokenLifetimeMs: 60_000 });
    await signIn(ctx);
    const unauthenticated = vi.fn();
    ctx.client.onUnauthenticated(unauthenticated);
    ctx.clock.advance(59_000);
    ctx.network.on('POST', 'oauth2/token', networkDown());

    await expect(ctx.client.get(ctx.client.fhirUrl('Task'))).rejects.toThrow('Failed to fetch');
    expect(unauthenticated).not.toHaveBeenCalled();
    expect(ctx.client.session.getState().status).toBe('ready');
    expect(await ctx.storage.get('activeLogin')).not.toBeNull();
  });

  it("raise the OperationOutcome's text for answers of 400 and above", async () => {
    const ctx = setup();
    await signIn(ctx);
    ctx.network.on('PUT', 'fhir/R4/Task/1', outcome('Version mismatch', 412));
    const error = await ctx.client
      .request('PUT', ctx.client.fhirUrl('Task', '1'), { body: {} })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 412, message: 'Version mismatch' });
  });

  it('retry 5xx answers: 3 attempts, 200 ms apart, then raise the last answer', async () => {
    const ctx = setup();
    await signIn(ctx);
    ctx.clock.sleeps.length = 0;
    ctx.network.on('GET', 'fhir/R4/Task', outcome('Database unavailable', 503));

    await expect(ctx.client.get(ctx.client.fhirUrl('Task'))).rejects.toThrow('Database unavailable');
    expect(ctx.network.requestsTo('GET', 'fhir/R4/Task')).toHaveLength(3);
    expect(ctx.clock.sleeps).toEqual([200, 200]);
  });

  it('succeed when a retry after a 5xx succeeds', async () => {
    const ctx = setup();
    await signIn(ctx);
    ctx.network.on('GET', 'fhir/R4/Task', outcome('Busy', 502), json({ resourceType: 'Bundle' }));
    await expect(ctx.client.get(ctx.client.fhirUrl('Task'))).resolves.toEqual({ resourceType: 'Bundle' });
  });

  it("raise an offline event when the network fails twice, and 'Failed to fetch' after the last attempt", async () => {
    const ctx = setup();
    await signIn(ctx);
    const offline = vi.fn();
    ctx.client.onOffline(offline);
    ctx.network.on('GET', 'fhir/R4/Task', networkDown());

    await expect(ctx.client.get(ctx.client.fhirUrl('Task'))).rejects.toThrow('Failed to fetch');
    expect(ctx.network.requestsTo('GET', 'fhir/R4/Task')).toHaveLength(3);
    expect(offline).toHaveBeenCalledOnce();
  });

  it('are refused without a network call when nobody is signed in', async () => {
    const ctx = setup();
    await expect(ctx.client.get('auth/me')).rejects.toThrow('Unauthenticated');
    expect(ctx.network.requests).toHaveLength(0);
  });
});

describe('session lifecycle', () => {
  it('sign-out tells the server and forgets the login on this device', async () => {
    const ctx = setup();
    await signIn(ctx);
    ctx.network.on('POST', 'oauth2/logout', json({ ok: true }));

    await ctx.client.signOut();

    expect(ctx.network.requestsTo('POST', 'oauth2/logout')).toHaveLength(1);
    expect(ctx.client.session.getState().status).toBe('none');
    expect(await ctx.storage.get('activeLogin')).toBeNull();
    expect(await ctx.storage.get('sessionDetails')).toBeNull();
  });

  it('sign-out while offline still forgets the login on this device', async () => {
    const ctx = setup();
    await signIn(ctx);
    ctx.network.on('POST', 'oauth2/logout', networkDown());
    await ctx.client.signOut();
    expect(ctx.client.session.getState().status).toBe('none');
  });

  it('a reload restores the saved session and revalidates it in the background', async () => {
    const first = setup();
    await signIn(first);
    const reloaded = fakeNetworkClient(first);
    const before = first.network.requestsTo('GET', 'auth/me').length;

    const state = await reloaded.initialize();
    await reloaded.settled();

    expect(state.status).toBe('ready');
    expect(first.network.requestsTo('GET', 'auth/me')).toHaveLength(before + 1);
  });

  it('an offline start keeps the remembered profile', async () => {
    const first = setup();
    await signIn(first);
    first.network.on('GET', 'auth/me', networkDown());
    const reloaded = fakeNetworkClient(first);
    await reloaded.initialize();
    await reloaded.settled();
    const state = reloaded.session.getState();
    expect(state.status === 'ready' && state.details.profile.id).toBe('p1');
  });

  it('a start with no saved login makes no call', async () => {
    const ctx = setup();
    expect((await ctx.client.initialize()).status).toBe('none');
    expect(ctx.network.requests).toHaveLength(0);
  });
});

describe('addresses', () => {
  it('resolve paths against the base URL and the FHIR path', () => {
    const client = new ApiClient({
      baseUrl: 'http://localhost:3000',
      clientId: 'c',
      fhirUrlPath: '/fhir/R4/',
    });
    expect(client.url('auth/me')).toBe('http://localhost:3000/auth/me');
    expect(client.fhirUrl('Task', 'a b')).toBe('http://localhost:3000/fhir/R4/Task/a%20b');
  });
});
