import { requireProjectAdmin } from '@mocks/auth/project-admin';
import { FhirError, methodNotAllowed } from '@mocks/engine/outcome';
import { decodePathSegment } from '@mocks/engine/request';
import type { RequestContext } from '@mocks/engine/types';

/** What a route's handler is given: the request, and the parts of its path the route's pattern took. */
export interface RouteCall {
  request: Request;
  url: URL;
  /** A pattern's groups as sent (not decoded), or the decoded segments a path matcher answered. */
  params: readonly string[];
}

/** What the handler of a route that needs a token is given: the caller too. */
export interface SignedInCall extends RouteCall {
  context: RequestContext;
}

type Answer = Response | undefined | Promise<Response | undefined>;

/** The paths a route answers: one path, a pattern whose groups become params, or a matcher answering them. */
export type RoutePath = string | RegExp | ((pathname: string) => readonly string[] | undefined);

/** The methods a route takes, and the words of the 405 any other gets. */
export interface RouteMethods {
  take: readonly string[];
  refusal(call: RouteCall): string;
  /** A method the path never takes is refused before the token is looked at (the default: after). */
  beforeToken?: boolean;
}

interface RouteShape {
  path: RoutePath;
  /** Left out when the handler tells methods apart itself (in its own words). */
  methods?: RouteMethods;
  /** Headers every error answer of the route carries (the developer controls: no-store). */
  errorHeaders?: Record<string, string>;
}

/**
 * One endpoint of the fake server. `caller` says who may call it: anyone; a caller with a valid bearer
 * token (401 before the route reads anything else); or a project admin (403 'Forbidden' otherwise, after
 * the method). A handler answering undefined leaves the path to the host (a static file, or 404).
 */
export type ServerRoute = RouteShape &
  (
    | { caller: 'anyone'; handle(call: RouteCall): Answer }
    | { caller: 'token' | 'project-admin'; handle(call: SignedInCall): Answer }
  );

/**
 * Answers a request by the first route whose path matches it, or undefined when none does. It checks,
 * in this order, a method refused whoever asks, the token, a method refused to a signed-in caller and
 * the role; whatever is thrown becomes an OperationOutcome: a FhirError's status and words, anything
 * else (a fault of the server's) is logged and answered 400 in words that reveal nothing of it.
 */
export async function dispatch(
  routes: readonly ServerRoute[],
  request: Request,
  authenticate: (request: Request) => Promise<RequestContext>
): Promise<Response | undefined> {
  const url = new URL(request.url);
  for (const route of routes) {
    const params = matchPath(route.path, url.pathname);
    if (!params) continue;
    const call: RouteCall = { request, url, params };
    try {
      if (route.methods?.beforeToken) checkMethod(route.methods, call);
      if (route.caller === 'anyone') return await route.handle(call);
      const context = await authenticate(request);
      if (route.methods && !route.methods.beforeToken) checkMethod(route.methods, call);
      if (route.caller === 'project-admin') requireProjectAdmin(context);
      return await route.handle({ ...call, context });
    } catch (error) {
      return errorAnswer(error, route.errorHeaders);
    }
  }
  return undefined;
}

/** The OperationOutcome answer for what a route threw. */
export function errorAnswer(error: unknown, headers: Record<string, string> = {}): Response {
  let fhirError: FhirError;
  if (error instanceof FhirError) {
    fhirError = error;
  } else {
    // The details stay in the log: a client learns nothing of the server's internals.
    console.error('fake server:', error);
    fhirError = new FhirError(400, 'The server could not process the request');
  }
  return new Response(JSON.stringify(fhirError.toOutcome()), {
    status: fhirError.status,
    headers: { 'Content-Type': 'application/fhir+json', ...headers },
  });
}

/**
 * A matcher of the paths at and below a base ('/fhir/R4/'), answering the decoded segments below it
 * (empty ones left out; '%24' kept as sent, so an operation is named only by a literal '$'); with
 * `shape`, only paths of those segments ('*' for any one).
 */
export function belowBase(basePath: string, shape?: readonly string[]) {
  return (pathname: string): readonly string[] | undefined => {
    if (pathname !== basePath.slice(0, -1) && !pathname.startsWith(basePath)) return undefined;
    const segments = pathname.slice(basePath.length).split('/').filter(Boolean).map(decodePathSegment);
    if (!shape) return segments;
    const fits =
      segments.length === shape.length && shape.every((part, i) => part === '*' || part === segments[i]);
    return fits ? segments : undefined;
  };
}

function matchPath(path: RoutePath, pathname: string): readonly string[] | undefined {
  if (typeof path === 'string') return path === pathname ? [] : undefined;
  if (path instanceof RegExp) return path.exec(pathname)?.slice(1);
  return path(pathname);
}

function checkMethod(methods: RouteMethods, call: RouteCall): void {
  if (!methods.take.includes(call.request.method.toUpperCase())) {
    throw methodNotAllowed(methods.refusal(call));
  }
}
