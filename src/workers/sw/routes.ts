/**
 * Which requests the service worker answers, and how. Pure, so it is tested without a browser.
 * The rule that matters most: FHIR, sign-in and other API calls are never answered from a cache
 * (the data lives in the replica, and a stale token or resource must never look current).
 */

/** Path prefixes of the server's API on the app's origin: always straight to the network. */
export const API_PREFIXES = ['/fhir/', '/auth/', '/oauth2/', '/$fake/', '/admin/'] as const;

/** The runtime config: network first so an operator's edit is seen, the last copy when offline. */
export const CONFIG_PATH = '/config.json';

export type Route =
  /** Leave it alone: the browser fetches it as if there were no service worker. */
  | { kind: 'network' }
  /** A file of this build: from the precache (the network only if it is missing there). */
  | { kind: 'precached'; url: string }
  /** A page of the app: the precached index.html (the router draws the page). */
  | { kind: 'app-shell' }
  | { kind: 'config' };

export interface RequestLike {
  url: string;
  method: string;
  mode: string;
}

/**
 * `precached` holds the absolute URLs of this build's precache; `origin` is the worker's origin.
 * Cross-origin requests (a real FHIR server elsewhere) are never touched.
 */
export function routeRequest(request: RequestLike, origin: string, precached: ReadonlySet<string>): Route {
  if (request.method !== 'GET') return { kind: 'network' };
  const url = new URL(request.url);
  if (url.origin !== origin) return { kind: 'network' };
  if (isApiPath(url.pathname)) return { kind: 'network' };
  if (url.pathname === CONFIG_PATH) return { kind: 'config' };
  const withoutQuery = url.origin + url.pathname;
  if (precached.has(withoutQuery)) return { kind: 'precached', url: withoutQuery };
  if (request.mode === 'navigate' && isAppPage(url.pathname)) return { kind: 'app-shell' };
  return { kind: 'network' };
}

export function isApiPath(pathname: string): boolean {
  const decoded = safeDecode(pathname);
  return API_PREFIXES.some((prefix) => decoded.startsWith(prefix) || decoded === prefix.slice(0, -1));
}

/** A client-side route ('/Task', '/Task/123/notes'), not a file ('/mockServiceWorker.js'). */
function isAppPage(pathname: string): boolean {
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.');
}

function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
