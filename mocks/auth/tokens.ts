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

/**
 * Signs and verifies HS256 JWTs with the service's secret. The key is handed to the JWT library as a
 * JSON Web Key rather than bytes, so it works whichever realm's Uint8Array the host uses (jsdom, say).
 */
export class TokenSigner {
  private readonly key: JWK;

  constructor(secret: string) {
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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now });
      return payload;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw unauthorized('Token expired');
      throw unauthorized('Invalid token');
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
