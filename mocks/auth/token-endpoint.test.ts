import { describe, expect, it } from 'vitest';
import { FhirError } from '../engine/outcome';
import {
  createTestServer,
  getJson,
  pkcePair,
  postJson,
  postToken,
  serviceClient,
  signIn,
  signInForCode,
  bearerRequest,
  exchangeCode,
} from './test-fixtures';

describe('exchanging the authorization code', () => {
  it('rejects a code whose PKCE verifier does not match the challenge', async () => {
    const { service } = createTestServer();
    const { code } = await signInForCode(service, 'doctor@example.com');
    const tokens = await exchangeCode(service, code, pkcePair().verifier);
    expect(tokens).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid code verifier' },
    });
  });

  it('rejects a code exchanged without any verifier', async () => {
    const { service } = createTestServer();
    const { code } = await signInForCode(service, 'doctor@example.com');
    const tokens = await postToken(service, { grant_type: 'authorization_code', code });
    expect(tokens.body).toEqual({ error: 'invalid_grant', error_description: 'Missing code verifier' });
  });

  it('accepts a code only once, and a second try revokes the tokens the first one gave', async () => {
    const { service } = createTestServer();
    const { code, verifier } = await signInForCode(service, 'doctor@example.com');
    const first = await exchangeCode(service, code, verifier);
    expect(first.status).toBe(200);

    const second = await exchangeCode(service, code, verifier);
    expect(second).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Token already granted' },
    });
    await expect(service.authenticate(bearerRequest(first.body.access_token))).rejects.toMatchObject({
      status: 401,
    });
  });

  it('rejects an unknown code', async () => {
    const { service } = createTestServer();
    const tokens = await exchangeCode(service, 'made-up', 'x');
    expect(tokens.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid code' });
  });

  it('gives the tokens only to the client that started the sign-in', async () => {
    const { service } = createTestServer();
    const { code, verifier } = await signInForCode(service, 'doctor@example.com', {
      clientId: 'carequeue-app',
    });
    const stolen = await exchangeCode(service, code, verifier, { client_id: 'another-app' });
    expect(stolen.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid client' });

    const tokens = await exchangeCode(service, code, verifier, { client_id: 'carequeue-app' });
    expect(tokens.status).toBe(200);
    const context = await service.authenticate(bearerRequest(tokens.body.access_token));
    expect(context.clientId).toBe('carequeue-app');
  });

  it('expires a code that was not exchanged within the sign-in window', async () => {
    const { service, clock } = createTestServer();
    const { code, verifier } = await signInForCode(service, 'doctor@example.com');
    clock.advanceSeconds(3601);
    const tokens = await exchangeCode(service, code, verifier);
    expect(tokens.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid code' });
  });
});

describe('refreshing tokens', () => {
  it('rotates the refresh token and refuses the old one afterwards', async () => {
    const { service } = createTestServer();
    const signedIn = await signIn(service, 'doctor@example.com');
    const oldRefresh = signedIn.body.refresh_token as string;

    const refreshed = await postToken(service, { grant_type: 'refresh_token', refresh_token: oldRefresh });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toEqual(expect.any(String));
    expect(refreshed.body.refresh_token).not.toBe(oldRefresh);
    expect(refreshed.body.profile).toEqual({ reference: 'Practitioner/alice', display: 'Alice Smith' });

    const again = await postToken(service, {
      grant_type: 'refresh_token',
      refresh_token: refreshed.body.refresh_token,
    });
    expect(again.status).toBe(200);
  });

  it('revokes the whole token family when an old refresh token is replayed', async () => {
    const { service } = createTestServer();
    const signedIn = await signIn(service, 'doctor@example.com');
    const stolen = signedIn.body.refresh_token as string;
    const first = await postToken(service, { grant_type: 'refresh_token', refresh_token: stolen });
    const second = await postToken(service, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
    });
    expect(second.status).toBe(200);

    const replayed = await postToken(service, { grant_type: 'refresh_token', refresh_token: stolen });
    expect(replayed).toEqual({
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description: 'Refresh token already used; the sign-in has been revoked',
      },
    });
    const newest = await postToken(service, {
      grant_type: 'refresh_token',
      refresh_token: second.body.refresh_token,
    });
    expect(newest.body.error).toBe('invalid_grant');
    for (const tokens of [signedIn, first, second]) {
      await expect(service.authenticate(bearerRequest(tokens.body.access_token))).rejects.toMatchObject({
        status: 401,
      });
    }
  });

  it('leaves other sign-ins of the same user alone when one family is revoked', async () => {
    const { service } = createTestServer();
    const phone = await signIn(service, 'doctor@example.com');
    const tablet = await signIn(service, 'doctor@example.com');
    await postToken(service, { grant_type: 'refresh_token', refresh_token: phone.body.refresh_token });
    await postToken(service, { grant_type: 'refresh_token', refresh_token: phone.body.refresh_token });
    const context = await service.authenticate(bearerRequest(tablet.body.access_token));
    expect(context.profile.reference).toBe('Practitioner/alice');
  });

  it('does not take an access token, or a forged token, as a refresh token', async () => {
    const { service } = createTestServer();
    const signedIn = await signIn(service, 'doctor@example.com');
    for (const refresh_token of [signedIn.body.access_token, `${signedIn.body.refresh_token}x`, 'a.b.c']) {
      const answer = await postToken(service, { grant_type: 'refresh_token', refresh_token });
      expect(answer.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid refresh token' });
    }
    expect((await service.authenticate(bearerRequest(signedIn.body.access_token))).login).toEqual(
      expect.any(String)
    );
    await expect(service.authenticate(bearerRequest(signedIn.body.refresh_token))).rejects.toMatchObject({
      status: 401,
    });
  });

  it('keeps a tablet signed in: after the access token expires, the refresh token still works', async () => {
    const { service, clock } = createTestServer();
    const signedIn = await signIn(service, 'doctor@example.com');
    clock.advanceSeconds(2 * 3600);
    await expect(service.authenticate(bearerRequest(signedIn.body.access_token))).rejects.toMatchObject({
      status: 401,
      message: 'Token expired',
    });

    const refreshed = await postToken(service, {
      grant_type: 'refresh_token',
      refresh_token: signedIn.body.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const context = await service.authenticate(bearerRequest(refreshed.body.access_token));
    expect(context.profile.reference).toBe('Practitioner/alice');
  });

  it('refuses a refresh token after its two weeks are up', async () => {
    const { service, clock } = createTestServer();
    const signedIn = await signIn(service, 'doctor@example.com');
    clock.advanceSeconds(15 * 24 * 3600);
    const refreshed = await postToken(service, {
      grant_type: 'refresh_token',
      refresh_token: signedIn.body.refresh_token,
    });
    expect(refreshed.body.error).toBe('invalid_grant');
  });
});

describe('access tokens on FHIR calls', () => {
  it('tells the FHIR engine who is calling', async () => {
    const { service } = createTestServer();
    const signedIn = await signIn(service, 'doctor@example.com');
    const context = await service.authenticate(bearerRequest(signedIn.body.access_token));
    expect(context).toEqual({
      projectId: 'clinic',
      profile: { reference: 'Practitioner/alice', display: 'Alice Smith' },
      login: expect.any(String),
      clientId: '',
      admin: false,
    });
  });

  it('answers 401 once the clock passes the token expiry', async () => {
    const { service, clock } = createTestServer({ accessTokenLifetimeSeconds: 600 });
    const signedIn = await signIn(service, 'doctor@example.com');
    expect(signedIn.body.expires_in).toBe(600);
    clock.advanceSeconds(599);
    await expect(service.authenticate(bearerRequest(signedIn.body.access_token))).resolves.toBeDefined();
    clock.advanceSeconds(1);
    const error = await service
      .authenticate(bearerRequest(signedIn.body.access_token))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FhirError);
    expect(error).toMatchObject({ status: 401, message: 'Token expired' });
  });

  it('answers 401 without a token, with a tampered token, and with an id token', async () => {
    const { service } = createTestServer();
    const signedIn = await signIn(service, 'doctor@example.com');
    await expect(service.authenticate(new Request('http://localhost/fhir/R4/Task'))).rejects.toMatchObject({
      status: 401,
    });
    const [header, , signature] = (signedIn.body.access_token as string).split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: 'user-coordinator', login_id: 'x', profile: 'Practitioner/carol' })
    ).toString('base64url');
    await expect(
      service.authenticate(bearerRequest(`${header}.${forged}.${signature}`))
    ).rejects.toMatchObject({
      status: 401,
    });
    await expect(service.authenticate(bearerRequest(signedIn.body.id_token))).rejects.toMatchObject({
      status: 401,
    });
  });

  it('refuses tokens signed by another server', async () => {
    const { service } = createTestServer();
    const other = createTestServer({ secret: 'another-secret' }).service;
    const signedIn = await signIn(other, 'doctor@example.com');
    await expect(service.authenticate(bearerRequest(signedIn.body.access_token))).rejects.toMatchObject({
      status: 401,
    });
  });
});

describe('service clients', () => {
  it('signs a bot in with its client id and secret, without a refresh token', async () => {
    const { service } = createTestServer();
    const tokens = await postToken(service, {
      grant_type: 'client_credentials',
      client_id: serviceClient.id,
      client_secret: serviceClient.secret,
    });
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({
      token_type: 'Bearer',
      project: { reference: 'Project/clinic' },
      profile: { reference: 'ClientApplication/reminder-bot', display: 'Reminder bot' },
    });
    expect(tokens.body.refresh_token).toBeUndefined();
    const context = await service.authenticate(bearerRequest(tokens.body.access_token));
    expect(context).toMatchObject({ projectId: 'clinic', clientId: 'reminder-bot' });
    const me = await getJson(service, 'auth/me', tokens.body.access_token);
    expect(me.body.profile).toMatchObject({ resourceType: 'ClientApplication', id: 'reminder-bot' });
  });

  it('accepts the client credentials as a Basic authorization header', async () => {
    const { service } = createTestServer();
    const basic = `Basic ${btoa(`${serviceClient.id}:${serviceClient.secret}`)}`;
    const tokens = await postToken(service, { grant_type: 'client_credentials' }, { Authorization: basic });
    expect(tokens.status).toBe(200);
  });

  it('refuses a wrong client secret', async () => {
    const { service } = createTestServer();
    const tokens = await postToken(service, {
      grant_type: 'client_credentials',
      client_id: serviceClient.id,
      client_secret: 'guess',
    });
    expect(tokens).toEqual({
      status: 400,
      body: { error: 'invalid_client', error_description: 'Invalid client' },
    });
  });
});

describe('malformed token requests', () => {
  it('answers an unknown grant type and a JSON body with OAuth errors', async () => {
    const { service } = createTestServer();
    const unknown = await postToken(service, { grant_type: 'password' });
    expect(unknown.body).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'Unsupported grant_type',
    });

    const json = await postJson(service, 'oauth2/token', { grant_type: 'client_credentials' });
    expect(json).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: 'Unsupported content type' },
    });
  });
});
