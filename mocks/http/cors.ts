/**
 * Cross-origin access to the fake server's API, so an app served from another origin (a Medplum
 * client on its own dev server, say) can call it. Calls carry a bearer token, never cookies, so
 * credentials are not allowed and no origin is trusted with them.
 */
export interface CorsPolicy {
  /** True when a page on this origin may call the API. */
  allows(origin: string): boolean;
}

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept',
  'Cache-Control',
  'If-Match',
  'If-Modified-Since',
  'If-None-Exist',
  'If-None-Match',
  'Prefer',
  'X-Medplum',
  'X-Request-Id',
  'X-Trace-Id',
].join(', ');
const EXPOSED_HEADERS = 'ETag, Location, Content-Location, Last-Modified, X-Progress, Retry-After';
/** How long a browser may reuse a preflight answer, in seconds. */
const MAX_AGE_SECONDS = '86400';

/** A loopback origin on any port: what a developer's own dev server runs on. */
const LOOPBACK = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

/**
 * The origins allowed: none given means any loopback origin; otherwise a comma-separated list of
 * exact origins, where '*' allows every origin and 'localhost' stands for any loopback origin.
 */
export function corsPolicy(origins?: string): CorsPolicy {
  const listed = (origins ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  if (listed.length === 0) return { allows: (origin) => LOOPBACK.test(origin) };
  const exact = new Set(listed.map((origin) => origin.toLowerCase()));
  return {
    allows: (origin) =>
      exact.has('*') || exact.has(origin.toLowerCase()) || (exact.has('localhost') && LOOPBACK.test(origin)),
  };
}

/** The answer to a CORS preflight (OPTIONS with Access-Control-Request-Method), or undefined for any other request. */
export function preflight(policy: CorsPolicy, method: string, headers: Headers): Response | undefined {
  const origin = headers.get('origin');
  if (method !== 'OPTIONS' || !origin || !headers.has('access-control-request-method')) return undefined;
  if (!policy.allows(origin)) return new Response(null, { status: 403, headers: { Vary: 'Origin' } });
  return new Response(null, {
    status: 204,
    headers: {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': ALLOWED_METHODS,
      'Access-Control-Allow-Headers': ALLOWED_HEADERS,
      'Access-Control-Max-Age': MAX_AGE_SECONDS,
      Vary: 'Origin',
    },
  });
}

/** The CORS headers that let an allowed origin's page read an answer and its headers; none for others. */
export function corsHeaders(policy: CorsPolicy, origin: string | null): Record<string, string> {
  if (!origin || !policy.allows(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    Vary: 'Origin',
  };
}
