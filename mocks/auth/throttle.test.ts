import { describe, expect, it } from 'vitest';
import { createTestServer, outcomeText, pkcePair, postJson, type TestServer } from './test-fixtures';
import { FAILURE_LIMIT, THROTTLE_WINDOW_MS } from './throttle';

const login = (server: TestServer, email: string, password: string) =>
  postJson(server.service, 'auth/login', {
    email,
    password,
    codeChallenge: pkcePair().challenge,
    codeChallengeMethod: 'S256',
  });

describe('sign-in throttling', () => {
  it('stops password guessing: after 10 wrong passwords in 15 minutes even the right one is a 429', async () => {
    const server = createTestServer();
    for (let i = 0; i < FAILURE_LIMIT; i++) {
      const wrong = await login(server, 'doctor@example.com', `guess-${i}`);
      expect(wrong.status).toBe(400);
      expect(outcomeText(wrong.body)).toBe('Email or password is invalid');
    }
    const held = await login(server, 'doctor@example.com', 'password');
    expect(held.status).toBe(429);
    expect(held.body.resourceType).toBe('OperationOutcome');
    expect(held.body.issue[0].code).toBe('throttled');
    expect(outcomeText(held.body)).toBe('Too many failed attempts for this account; try again in 15 minutes');
    expect((await login(server, 'Doctor@Example.com ', 'password')).status).toBe(429);
  });

  it('lets the account in again once the window has passed on the server clock', async () => {
    const server = createTestServer();
    for (let i = 0; i < FAILURE_LIMIT; i++) await login(server, 'doctor@example.com', 'wrong');
    server.clock.advanceSeconds((THROTTLE_WINDOW_MS - 60_000) / 1000);
    expect((await login(server, 'doctor@example.com', 'password')).status).toBe(429);
    server.clock.advanceSeconds(60);
    const back = await login(server, 'doctor@example.com', 'password');
    expect(back.status).toBe(200);
    expect(back.body.code).toEqual(expect.any(String));
  });

  it('counts only failures within the window, and holds one account without holding others', async () => {
    const server = createTestServer();
    for (let i = 0; i < FAILURE_LIMIT - 1; i++) await login(server, 'doctor@example.com', 'wrong');
    server.clock.advanceSeconds(THROTTLE_WINDOW_MS / 1000 + 1);
    for (let i = 0; i < FAILURE_LIMIT - 1; i++) await login(server, 'doctor@example.com', 'wrong');
    expect((await login(server, 'doctor@example.com', 'password')).status).toBe(200);
    for (let i = 0; i < FAILURE_LIMIT; i++) await login(server, 'doctor@example.com', 'wrong');
    expect((await login(server, 'coordinator@example.com', 'password')).status).toBe(200);
  });

  it('holds an unknown e-mail as it holds a known one, so the answers do not tell which exist', async () => {
    const server = createTestServer();
    for (let i = 0; i < FAILURE_LIMIT; i++) await login(server, 'nobody@example.com', 'wrong');
    expect((await login(server, 'nobody@example.com', 'wrong')).status).toBe(429);
  });

  it('stops MFA code guessing the same way, and lets the right code through after the window', async () => {
    const server = createTestServer();
    const started = await login(server, 'mfa@example.com', 'password');
    expect(started.body.mfaRequired).toBe(true);
    for (let i = 0; i < FAILURE_LIMIT; i++) {
      const wrong = await postJson(server.service, 'auth/mfa/verify', {
        login: started.body.login,
        token: String(100000 + i),
      });
      expect(outcomeText(wrong.body)).toBe('Invalid MFA token');
    }
    const held = await postJson(server.service, 'auth/mfa/verify', {
      login: started.body.login,
      token: '123456',
    });
    expect(held.status).toBe(429);
    expect(held.body.issue[0].code).toBe('throttled');
    server.clock.advanceSeconds(THROTTLE_WINDOW_MS / 1000);
    const again = await login(server, 'mfa@example.com', 'password');
    const verified = await postJson(server.service, 'auth/mfa/verify', {
      login: again.body.login,
      token: '123456',
    });
    expect(verified.status).toBe(200);
    expect(verified.body.code).toEqual(expect.any(String));
  });
});
