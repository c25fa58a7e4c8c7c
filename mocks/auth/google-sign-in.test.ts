import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  googleVerifierFromEnvironment,
  signTestGoogleCredential,
  testGoogleVerifier,
} from './google-verifier';
import { createTestServer, exchangeCode, outcomeText, pkcePair, postJson } from './test-fixtures';

const GOOGLE_CLIENT = 'test-google-client.apps.example';
const TEST_KEY = 'google-test-key-for-unit-tests';

function googleBody(credential: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    googleClientId: GOOGLE_CLIENT,
    googleCredential: credential,
    codeChallenge: pkcePair().challenge,
    codeChallengeMethod: 'S256',
    ...extra,
  };
}

const withGoogle = () => createTestServer({ google: testGoogleVerifier(GOOGLE_CLIENT, TEST_KEY) });

describe('Google sign-in', () => {
  it("answers 'Google authentication is not enabled' on a server without a Google verifier", async () => {
    const { service } = createTestServer();
    const credential = await signTestGoogleCredential(GOOGLE_CLIENT, TEST_KEY, {
      email: 'doctor@example.com',
    });
    const google = await postJson(service, 'auth/google', googleBody(credential));
    expect(google.status).toBe(400);
    expect(outcomeText(google.body)).toBe('Google authentication is not enabled');
  });

  it('refuses an unsigned credential, so nobody signs in as another e-mail by writing it', async () => {
    const { service } = withGoogle();
    const forged = new UnsecuredJWT({ email: 'doctor@example.com' })
      .setIssuer('https://accounts.google.com')
      .setAudience(GOOGLE_CLIENT)
      .encode();
    const google = await postJson(service, 'auth/google', googleBody(forged));
    expect(google.status).toBe(400);
    expect(outcomeText(google.body)).toBe('Invalid Google credential');
  });

  it('refuses a credential signed with another key or issued to another client', async () => {
    const { service } = withGoogle();
    const otherKey = await signTestGoogleCredential(GOOGLE_CLIENT, 'another-key', {
      email: 'doctor@example.com',
    });
    expect(outcomeText((await postJson(service, 'auth/google', googleBody(otherKey))).body)).toBe(
      'Invalid Google credential'
    );
    const otherClient = await signTestGoogleCredential('other-client', TEST_KEY, {
      email: 'doctor@example.com',
    });
    expect(outcomeText((await postJson(service, 'auth/google', googleBody(otherClient))).body)).toBe(
      'Invalid Google credential'
    );
    const wrongId = await postJson(service, 'auth/google', {
      ...googleBody(otherKey),
      googleClientId: 'other-client',
    });
    expect(outcomeText(wrongId.body)).toBe('Invalid googleClientId');
  });

  it('signs a known e-mail in with a verified credential, through to tokens', async () => {
    const { service } = withGoogle();
    const { verifier, challenge } = pkcePair();
    const credential = await signTestGoogleCredential(GOOGLE_CLIENT, TEST_KEY, {
      email: 'doctor@example.com',
    });
    const google = await postJson(
      service,
      'auth/google',
      googleBody(credential, { codeChallenge: challenge })
    );
    expect(google.body).toEqual({ login: expect.any(String), code: expect.any(String) });
    const tokens = await exchangeCode(service, google.body.code, verifier);
    expect(tokens.status).toBe(200);
  });

  it("answers 'User not found' for a new e-mail unless asked to create the user", async () => {
    const { service } = withGoogle();
    const credential = await signTestGoogleCredential(GOOGLE_CLIENT, TEST_KEY, {
      email: 'new.person@example.com',
      given_name: 'New',
      family_name: 'Person',
    });
    const refused = await postJson(service, 'auth/google', googleBody(credential));
    expect(outcomeText(refused.body)).toBe('User not found');
    const created = await postJson(service, 'auth/google', googleBody(credential, { createUser: true }));
    expect(created.body).toEqual({ login: expect.any(String) });
  });
});

describe('Google sign-in on the HTTP host', () => {
  it('is off unless the environment names a Google client, and then checks credentials', async () => {
    expect(googleVerifierFromEnvironment({})).toBeUndefined();
    const verifier = googleVerifierFromEnvironment({
      FAKE_GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
      FAKE_GOOGLE_TEST_KEY: TEST_KEY,
    });
    const credential = await signTestGoogleCredential(GOOGLE_CLIENT, TEST_KEY, {
      email: 'doctor@example.com',
    });
    await expect(verifier?.verify(credential)).resolves.toEqual({ email: 'doctor@example.com' });
    await expect(verifier?.verify('not-a-credential')).rejects.toThrow('Invalid Google credential');
  });
});
