import { describe, expect, it } from 'vitest';
import { bearerRequest, createTestServer, postJson, postToken, signIn } from './test-fixtures';

/**
 * The HTTP host remembers the claims of tokens whose signature it checked, so a client's every
 * request does not pay an HMAC again. What it remembers must never let in a token that is no longer
 * good: a revoked login, an expired token, or a token whose signature was changed.
 */
describe('remembered token claims let in no token that is no longer good', () => {
  const remembering = () => createTestServer({ rememberVerifiedTokens: true });

  it('a signed-out login is refused although its token was verified and remembered', async () => {
    const { service } = remembering();
    const token = (await signIn(service, 'doctor@example.com')).body.access_token as string;
    await expect(service.authenticate(bearerRequest(token))).resolves.toMatchObject({ projectId: 'clinic' });
    await postJson(service, 'oauth2/logout', {}, token);
    await expect(service.authenticate(bearerRequest(token))).rejects.toMatchObject({
      status: 401,
      message: 'Login revoked',
    });
  });

  it('a remembered token is refused once it expires', async () => {
    const { service, clock } = remembering();
    const token = (await signIn(service, 'doctor@example.com')).body.access_token as string;
    await expect(service.authenticate(bearerRequest(token))).resolves.toMatchObject({ projectId: 'clinic' });
    clock.advanceSeconds(3601);
    await expect(service.authenticate(bearerRequest(token))).rejects.toMatchObject({
      status: 401,
      message: 'Token expired',
    });
  });

  it('a reused refresh token revokes the family, remembered access tokens included', async () => {
    const { service } = remembering();
    const first = (await signIn(service, 'doctor@example.com')).body;
    const rotated = await postToken(service, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token as string,
    });
    const newer = rotated.body.access_token as string;
    await expect(service.authenticate(bearerRequest(newer))).resolves.toMatchObject({ projectId: 'clinic' });
    const replayed = await postToken(service, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token as string,
    });
    expect(replayed.body.error).toBe('invalid_grant');
    await expect(service.authenticate(bearerRequest(newer))).rejects.toMatchObject({ status: 401 });
  });

  it('the claims of a remembered token do not admit the same claims under another signature', async () => {
    const { service } = remembering();
    const token = (await signIn(service, 'doctor@example.com')).body.access_token as string;
    await expect(service.authenticate(bearerRequest(token))).resolves.toMatchObject({ projectId: 'clinic' });
    const [header, payload, signature = ''] = token.split('.');
    // The first character carries six bits of the MAC (the last one has unused bits).
    const first = signature.startsWith('A') ? 'B' : 'A';
    const forged = `${header}.${payload}.${first}${signature.slice(1)}`;
    await expect(service.authenticate(bearerRequest(forged))).rejects.toMatchObject({
      status: 401,
      message: 'Invalid token',
    });
  });
});
