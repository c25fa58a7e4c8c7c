import { base64url, errors, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import { unauthorized } from '../engine/outcome';

/** A random, URL-safe secret (codes, refresh secrets, signing keys). */
export function randomSecret(bytes = 32): string {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(bytes)));
}

export function newId(): string {
  return crypto.randomUUID();
}

/** The S256 PKCE challenge of a verifier: base64url(sha256(verifier)), unpadded. */
export async function s256Challenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url.encode(new Uint8Array(digest));
}

/** Compares two secrets without leaking, through timing, how much of them matched. */
export function secretsEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < left.length; i++) difference |= (left[i] ?? 0) ^ (right[i % right.length] ?? 0);
  return difference === 0;
}

/** Claims of an access token, named as Medplum's server names them (plus `login`). */
export interface AccessClaims extends JWTPayload {
  iss: string;
  /** User id, or client id for client logins. */
  sub: string;
  username: string;
  /** Login id: Medplum's client recognises a Medplum-style token by this claim. */
  login_id: string;
  login: string;
  /** Profile reference string, e.g. 'Practitioner/123'. */
  profile: string;
  client_id?: string;
  scope: string;
  iat: number;
  exp: number;
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** How many verified tokens a signer remembers. */
const VERIFIED_TOKENS = 1000;

/**
 * Signs and verifies HS256 JWTs with the service's secret. The key is handed to the JWT library as a
 * JSON Web Key rather than bytes, so it works whichever realm's Uint8Array the host uses (jsdom, say).
 */
export class TokenSigner {
  private readonly key: JWK;

  /** With `rememberVerified`, a token's signature is checked once (see verify). */
  constructor(
    secret: string,
    private readonly rememberVerified = false
  ) {
    this.key = { kty: 'oct', k: base64url.encode(secret) };
  }

  sign(claims: JWTPayload, issuedAt: Date, lifetimeSeconds: number): Promise<string> {
    const iat = seconds(issuedAt);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetimeSeconds)
      .sign(this.key);
  }

  /** Returns the claims of a valid token; throws FhirError(401) otherwise. */
  async verify(token: string, now: Date): Promise<JWTPayload> {
    const known = this.rememberVerified ? this.verified.get(token) : undefined;
    if (known) {
      // The signature of this exact token was checked before; its time limits are checked every time.
      if (typeof known.exp === 'number' && known.exp <= seconds(now)) throw unauthorized('Token expired');
      if (typeof known.nbf === 'number' && known.nbf > seconds(now)) throw unauthorized('Invalid token');
      return known;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now });
      if (this.rememberVerified) this.remember(token, Object.freeze(payload));
      return payload;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw unauthorized('Token expired');
      throw unauthorized('Invalid token');
    }
  }

  /**
   * Tokens whose signature was verified, newest last, so a client's every request does not pay an
   * HMAC again: at most VERIFIED_TOKENS are kept, the oldest dropped first. A token is found only by
   * its whole text, so nothing unsigned can ever be taken from here.
   */
  private readonly verified = new Map<string, JWTPayload>();

  private remember(token: string, payload: JWTPayload): void {
    this.verified.delete(token);
    this.verified.set(token, payload);
    if (this.verified.size > VERIFIED_TOKENS) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
  }
}

/** Narrows verified claims to an access token's; anything else (an id token, say) is a 401. */
export function asAccessClaims(payload: JWTPayload): AccessClaims {
  const { sub, login_id, profile, scope, exp, iat } = payload;
  if (
    typeof sub !== 'string' ||
    typeof login_id !== 'string' ||
    typeof profile !== 'string' ||
    typeof scope !== 'string' ||
    typeof exp !== 'number' ||
    typeof iat !== 'number'
  ) {
    throw unauthorized('Invalid token');
  }
  return payload as AccessClaims;
}
