import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../testing/fake-network';
import { decodeJwt, tokenExpiresAt } from './jwt';
import { challengeFor, createPkcePair } from './pkce';

describe('tokens', () => {
  it('reads exp from a JWT as milliseconds', () => {
    const token = fakeJwt({ exp: 1_700_000_000, login: 'l1', name: 'Zoë' });
    expect(tokenExpiresAt(token)).toBe(1_700_000_000_000);
    expect(decodeJwt(token)?.name).toBe('Zoë');
  });

  it('treats a malformed token as having no claims', () => {
    expect(decodeJwt('not-a-jwt')).toBeUndefined();
    expect(tokenExpiresAt('a.%%%.c')).toBeUndefined();
  });
});

describe('PKCE S256', () => {
  it('derives the challenge as the base64url SHA-256 of the verifier (RFC 7636 example)', async () => {
    expect(await challengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
    );
  });

  it('makes a fresh, unpadded verifier each time', async () => {
    const a = await createPkcePair();
    const b = await createPkcePair();
    expect(a.verifier).not.toBe(b.verifier);
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.challenge).toBe(await challengeFor(a.verifier));
  });
});
