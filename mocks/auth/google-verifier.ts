import { base64url, createRemoteJWKSet, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import { badRequest } from '../engine/outcome';

/** What the server reads from a verified Google credential. */
export interface GoogleClaims {
  email: string;
  given_name?: string;
  family_name?: string;
}

/**
 * Checks Google sign-in credentials (ID tokens) for one Google client id. A server without one
 * refuses auth/google; with one it trusts only credentials the verifier accepts.
 */
export interface GoogleVerifier {
  clientId: string;
  /** The claims of a valid credential; throws a 400 FhirError otherwise. */
  verify(credential: string): Promise<GoogleClaims>;
}

export const GOOGLE_ISSUER = 'https://accounts.google.com';

function claimsOf(payload: JWTPayload): GoogleClaims {
  const { email, given_name, family_name } = payload as Record<string, unknown>;
  if (typeof email !== 'string' || !email.includes('@')) throw badRequest('Invalid Google credential');
  const claims: GoogleClaims = { email };
  if (typeof given_name === 'string') claims.given_name = given_name;
  if (typeof family_name === 'string') claims.family_name = family_name;
  return claims;
}

async function verifyWith(
  credential: string,
  check: (credential: string) => Promise<{ payload: JWTPayload }>
): Promise<GoogleClaims> {
  let payload: JWTPayload;
  try {
    ({ payload } = await check(credential));
  } catch {
    throw badRequest('Invalid Google credential', 'googleCredential');
  }
  return claimsOf(payload);
}

/** Verifies real Google ID tokens against Google's published keys (needs the network). */
export function googleVerifier(clientId: string): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL('https://www.googleapis.com/oauth2/v3/certs'));
  return {
    clientId,
    verify: (credential) =>
      verifyWith(credential, (token) =>
        jwtVerify(token, keys, { issuer: GOOGLE_ISSUER, audience: clientId, algorithms: ['RS256'] })
      ),
  };
}

/**
 * For tests and demos without Google: accepts credentials signed (HS256) with a shared test key,
 * issued by Google's issuer for this client id — and nothing else.
 */
export function testGoogleVerifier(clientId: string, testKey: string): GoogleVerifier {
  const key = testSigningKey(testKey);
  return {
    clientId,
    verify: (credential) =>
      verifyWith(credential, (token) =>
        jwtVerify(token, key, { issuer: GOOGLE_ISSUER, audience: clientId, algorithms: ['HS256'] })
      ),
  };
}

/** Makes a credential the test verifier accepts, as Google's sign-in button would hand one over. */
export function signTestGoogleCredential(
  clientId: string,
  testKey: string,
  claims: GoogleClaims,
  now = new Date()
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(GOOGLE_ISSUER)
    .setAudience(clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(testSigningKey(testKey));
}

/** The key as a JSON Web Key, so it works whichever realm's Uint8Array the host uses (jsdom, say). */
function testSigningKey(testKey: string): JWK {
  return { kty: 'oct', k: base64url.encode(testKey) };
}

/**
 * The Google verifier the HTTP host is started with: none unless FAKE_GOOGLE_CLIENT_ID names the
 * Google client; with FAKE_GOOGLE_TEST_KEY the test verifier, otherwise Google's published keys.
 */
export function googleVerifierFromEnvironment(
  env: Record<string, string | undefined>
): GoogleVerifier | undefined {
  const clientId = env.FAKE_GOOGLE_CLIENT_ID;
  if (!clientId) return undefined;
  return env.FAKE_GOOGLE_TEST_KEY
    ? testGoogleVerifier(clientId, env.FAKE_GOOGLE_TEST_KEY)
    : googleVerifier(clientId);
}
