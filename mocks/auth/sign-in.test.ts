import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { AuthService } from './types';
import {
  type Answer,
  createTestServer,
  getJson,
  outcomeText,
  pkcePair,
  postJson,
  signInForCode,
  exchangeCode,
} from './test-fixtures';

function loginBody(
  email: string,
  password = 'password',
  challenge = pkcePair().challenge
): Record<string, unknown> {
  return { email, password, remember: true, codeChallenge: challenge, codeChallengeMethod: 'S256' };
}

/** A fresh server and the answer to a password login for `email` on it. */
async function startLogin(
  email: string,
  password?: string
): Promise<{ service: AuthService; login: Answer; verifier: string }> {
  const { service } = createTestServer();
  const { verifier, challenge } = pkcePair();
  const login = await postJson(service, 'auth/login', loginBody(email, password, challenge));
  return { service, login, verifier };
}

describe('signing in with e-mail and password', () => {
  it('takes a doctor from password to tokens to her own profile', async () => {
    const { service } = createTestServer();
    const { verifier, challenge } = pkcePair();

    const method = await postJson(service, 'auth/method', { email: 'doctor@example.com' });
    expect(method).toEqual({ status: 200, body: {} });

    const login = await postJson(
      service,
      'auth/login',
      loginBody('doctor@example.com', 'password', challenge)
    );
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ login: expect.any(String), code: expect.any(String) });

    const tokens = await exchangeCode(service, login.body.code, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'openid profile',
      project: { reference: 'Project/clinic' },
      profile: { reference: 'Practitioner/alice', display: 'Alice Smith' },
    });
    expect(tokens.body.refresh_token).toEqual(expect.any(String));
    expect(tokens.body.id_token).toEqual(expect.any(String));

    const claims = decodeJwt(tokens.body.access_token);
    expect(claims).toMatchObject({
      iss: 'http://localhost/',
      sub: 'user-doctor',
      login: login.body.login,
      login_id: login.body.login,
      profile: 'Practitioner/alice',
      scope: 'openid profile',
    });
    expect(claims.exp! - claims.iat!).toBe(3600);

    const me = await getJson(service, 'auth/me', tokens.body.access_token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      user: {
        resourceType: 'User',
        id: 'user-doctor',
        email: 'doctor@example.com',
        firstName: 'Alice',
        lastName: 'Smith',
      },
      profile: { resourceType: 'Practitioner', id: 'alice', name: [{ given: ['Alice'], family: 'Smith' }] },
      project: { resourceType: 'Project', id: 'clinic', name: 'Riverside Clinic', superAdmin: false },
      membership: {
        resourceType: 'ProjectMembership',
        id: 'm-doctor',
        admin: false,
        profile: { reference: 'Practitioner/alice' },
        project: { reference: 'Project/clinic' },
      },
      config: {
        resourceType: 'UserConfiguration',
        id: 'm-doctor',
        menu: [expect.objectContaining({ title: 'Favorites' })],
      },
    });
  });

  it('accepts the e-mail in any letter case', async () => {
    const { login } = await startLogin('Doctor@Example.COM');
    expect(login.body.code).toEqual(expect.any(String));
  });

  it("shows 'Email or password is invalid' for a wrong password, on the password field", async () => {
    const { login } = await startLogin('doctor@example.com', 'wrong');
    expect(login.status).toBe(400);
    expect(login.body.resourceType).toBe('OperationOutcome');
    expect(outcomeText(login.body)).toBe('Email or password is invalid');
    expect(login.body.issue[0].expression).toEqual(['password']);
  });

  it('gives an unknown e-mail the same answer as a wrong password', async () => {
    const { login } = await startLogin('nobody@example.com');
    expect(login.status).toBe(400);
    expect(outcomeText(login.body)).toBe('Email or password is invalid');
  });

  it("refuses the 'plain' PKCE method: only S256 protects the code", async () => {
    const { service } = createTestServer();
    const login = await postJson(service, 'auth/login', {
      ...loginBody('doctor@example.com'),
      codeChallengeMethod: 'plain',
    });
    expect(login.status).toBe(400);
    expect(login.body.issue[0].expression).toEqual(['codeChallengeMethod']);
  });

  it('refuses a sign-in without a PKCE challenge', async () => {
    const { service } = createTestServer();
    const login = await postJson(service, 'auth/login', {
      email: 'doctor@example.com',
      password: 'password',
    });
    expect(login.status).toBe(400);
    expect(outcomeText(login.body)).toBe('Missing code challenge');
  });

  it('answers a body that is not JSON with a 400 OperationOutcome', async () => {
    const { service } = createTestServer();
    const response = await service.handle(
      new Request('http://localhost/auth/login', { method: 'POST', body: '{not json' })
    );
    expect(response?.status).toBe(400);
    expect(await response?.json()).toMatchObject({ resourceType: 'OperationOutcome' });
  });
});

describe('multi-factor sign-in', () => {
  it('asks for the MFA code after the password and signs in with the right one', async () => {
    const { service, login } = await startLogin('mfa@example.com');
    expect(login.body).toEqual({ login: expect.any(String), mfaRequired: true });

    const verified = await postJson(service, 'auth/mfa/verify', { login: login.body.login, token: '123456' });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ login: login.body.login, code: expect.any(String) });
  });

  it("shows 'Invalid MFA token' for a wrong code and hands out no code", async () => {
    const { service, login } = await startLogin('mfa@example.com');

    const wrong = await postJson(service, 'auth/mfa/verify', { login: login.body.login, token: '654321' });
    expect(wrong.status).toBe(400);
    expect(outcomeText(wrong.body)).toBe('Invalid MFA token');

    const skipped = await postJson(service, 'auth/scope', { login: login.body.login, scope: 'openid' });
    expect(skipped.status).toBe(400);
  });
});

describe('choosing a profile and scopes', () => {
  it('offers a coordinator her two memberships and signs her in as the one she picks', async () => {
    const { service, login, verifier } = await startLogin('coordinator@example.com');
    expect(login.body).toEqual({
      login: expect.any(String),
      memberships: [
        {
          id: 'm-coord-clinic',
          project: { reference: 'Project/clinic', display: 'Riverside Clinic' },
          profile: { reference: 'Practitioner/carol', display: 'Carol White' },
        },
        {
          id: 'm-coord-outreach',
          project: { reference: 'Project/outreach', display: 'Community Outreach' },
          profile: { reference: 'Practitioner/carol-outreach', display: 'Carol White (Outreach)' },
        },
      ],
    });

    const chosen = await postJson(service, 'auth/profile', {
      login: login.body.login,
      profile: 'm-coord-outreach',
    });
    expect(chosen.body).toEqual({ login: login.body.login, code: expect.any(String) });

    const tokens = await exchangeCode(service, chosen.body.code, verifier);
    expect(tokens.body.project).toEqual({ reference: 'Project/outreach' });
    const me = await getJson(service, 'auth/me', tokens.body.access_token);
    expect(me.body.project.name).toBe('Community Outreach');
    expect(me.body.profile.id).toBe('carol-outreach');
  });

  it("refuses a membership that is not the user's own", async () => {
    const { service, login } = await startLogin('coordinator@example.com');
    const chosen = await postJson(service, 'auth/profile', { login: login.body.login, profile: 'm-doctor' });
    expect(chosen.status).toBe(400);
    expect(outcomeText(chosen.body)).toBe('Profile not found');
  });

  it('puts the scopes the user agreed to into the access token', async () => {
    const { service, login, verifier } = await startLogin('doctor@example.com');
    const scoped = await postJson(service, 'auth/scope', {
      login: login.body.login,
      scope: 'openid  profile offline_access',
    });
    expect(scoped.body).toEqual({ login: login.body.login, code: expect.any(String) });

    const tokens = await exchangeCode(service, scoped.body.code, verifier);
    expect(tokens.body.scope).toBe('openid profile offline_access');
    expect(decodeJwt(tokens.body.access_token).scope).toBe('openid profile offline_access');
  });

  it('signs in straight to the project named in the request, without a profile choice', async () => {
    const { service } = createTestServer();
    const { code, verifier } = await signInForCode(service, 'coordinator@example.com', {
      projectId: 'clinic',
    });
    const tokens = await exchangeCode(service, code, verifier);
    expect(tokens.body.profile.reference).toBe('Practitioner/carol');
  });
});
