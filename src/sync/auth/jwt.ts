/** The claims of an access token that the client reads. */
export interface JwtClaims {
  exp?: number;
  iat?: number;
  sub?: string;
  client_id?: string;
  login?: string;
  profile?: string;
  [claim: string]: unknown;
}

/** Reads a JWT's payload without verifying it (the server verifies; the client only needs exp). */
export function decodeJwt(token: string): JwtClaims | undefined {
  const payload = token.split('.')[1];
  if (!payload) {
    return undefined;
  }
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null ? (claims as JwtClaims) : undefined;
  } catch {
    return undefined;
  }
}

/** When the token stops working, in milliseconds since the epoch; undefined when it carries no exp. */
export function tokenExpiresAt(token: string): number | undefined {
  const exp = decodeJwt(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : undefined;
}
