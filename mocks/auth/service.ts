import type { EmailOrigin, OutgoingEmail } from '@mocks/email/mailbox';
import { FhirError, notFound } from '@mocks/engine/outcome';
import { systemClock, type Clock } from '@mocks/engine/types';
import type { SeedUser } from '@mocks/seed/types';
import type { AuthContext } from './context';
import type { GoogleVerifier } from './google-verifier';
import { jsonResponse, outcomeResponse, readJsonBody, type JsonBody } from './http';
import { invite } from './invite';
import { resetPassword, setPassword } from './password-reset';
import { newPatient, newProject, newUser } from './registration';
import { authenticate, logout, me, openIdConfiguration, userInfo } from './session';
import { authMethod, chooseProfile, chooseScope, googleLogin, passwordLogin, verifyMfa } from './sign-in';
import { AuthState } from './state';
import { SignInThrottle } from './throttle';
import { tokenEndpoint } from './token-endpoint';
import { randomSecret } from './tokens';
import type { AuthClient, AuthService, AuthSnapshot, ProjectDirectory } from './types';

export interface AuthServiceOptions {
  directory: ProjectDirectory;
  users: SeedUser[];
  /** Service clients for the client_credentials grant (bots, scripts, tests). */
  clients?: AuthClient[];
  clock?: Clock;
  /**
   * Default 3600. Keep it above 300: Medplum's client refreshes any token that expires within five
   * minutes, so a shorter lifetime makes it refresh before every call.
   */
  accessTokenLifetimeSeconds?: number;
  /** Remember verified tokens (see TokenSigner); the HTTP host does, for its throughput. */
  rememberVerifiedTokens?: boolean;
  /** HS256 signing secret; random when absent (tokens then die with the process unless snapshotted). */
  secret?: string;
  /** Checks Google credentials; without it auth/google answers 400 'Google authentication is not enabled'. */
  google?: GoogleVerifier;
  /** Where the service's e-mails (password resets, invitations) go; dropped when absent. */
  sendEmail?: (email: OutgoingEmail, origin: EmailOrigin) => void;
}

type JsonStep = (ctx: AuthContext, body: JsonBody, request: Request) => JsonBody | Promise<JsonBody>;
type SessionStep = (ctx: AuthContext, request: Request) => Promise<JsonBody>;

/** JSON sign-in steps, by path (POST). */
const jsonSteps: Record<string, JsonStep> = {
  'auth/method': authMethod,
  'auth/login': passwordLogin,
  'auth/mfa/verify': verifyMfa,
  'auth/profile': chooseProfile,
  'auth/scope': chooseScope,
  'auth/newuser': newUser,
  'auth/newproject': newProject,
  'auth/newpatient': newPatient,
  'auth/google': googleLogin,
  'auth/resetpassword': (ctx, body, request) => resetPassword(ctx, body, `${new URL(request.url).origin}/`),
  'auth/setpassword': setPassword,
};

/** Steps that act on the caller's session (bearer token), by method and path. */
const sessionSteps: Record<string, SessionStep> = {
  'GET auth/me': me,
  'POST oauth2/logout': logout,
  'GET oauth2/logout': logout,
  'GET oauth2/userinfo': userInfo,
  'POST oauth2/userinfo': userInfo,
};

const knownPaths = new Set([
  ...Object.keys(jsonSteps),
  ...Object.keys(sessionSteps).map((key) => key.split(' ')[1]),
  'oauth2/token',
  '.well-known/openid-configuration',
]);

/** The sign-in API's paths: auth/*, oauth2/* and .well-known/*. */
export const AUTH_PATH = /^\/((?:auth|oauth2|\.well-known)(?:\/.*)?)$/;

function isAuthSnapshot(value: unknown): value is AuthSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<AuthSnapshot>;
  return (
    candidate.version === 1 &&
    typeof candidate.secret === 'string' &&
    Array.isArray(candidate.users) &&
    Array.isArray(candidate.clients) &&
    Array.isArray(candidate.logins)
  );
}

export function createAuthService(options: AuthServiceOptions): AuthService {
  const state = new AuthState(
    options.clock ?? systemClock,
    options.secret ?? randomSecret(),
    options.users,
    options.clients ?? [],
    options.rememberVerifiedTokens ?? false
  );
  const ctx: AuthContext = {
    state,
    directory: options.directory,
    accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds ?? 3600,
    throttle: new SignInThrottle(options.clock ?? systemClock),
    sendEmail: options.sendEmail ?? (() => undefined),
  };
  if (options.google) ctx.google = options.google;

  async function route(request: Request, path: string): Promise<Response> {
    const method = request.method.toUpperCase();
    if (path === 'oauth2/token' && method === 'POST') return tokenEndpoint(ctx, request);
    if (path === '.well-known/openid-configuration' && method === 'GET') {
      return jsonResponse(openIdConfiguration(request));
    }
    const sessionStep = sessionSteps[`${method} ${path}`];
    if (sessionStep) return jsonResponse(await sessionStep(ctx, request));
    const jsonStep = jsonSteps[path];
    if (jsonStep && method === 'POST') {
      return jsonResponse(await jsonStep(ctx, await readJsonBody(request), request));
    }
    if (knownPaths.has(path)) {
      throw new FhirError(405, `Method ${method} not allowed on ${path}`, 'not-supported');
    }
    throw notFound(`No auth endpoint at ${path}`);
  }

  return {
    async handle(request) {
      const match = AUTH_PATH.exec(new URL(request.url).pathname);
      if (!match?.[1]) return undefined;
      const path = match[1].replace(/\/+$/, '');
      try {
        return await route(request, path);
      } catch (error) {
        if (error instanceof FhirError) return outcomeResponse(error);
        // The details stay in the log: a client learns nothing of the server's internals.
        console.error('auth service:', error);
        return outcomeResponse(new FhirError(400, 'The server could not process the request'));
      }
    },
    authenticate: (request) => authenticate(ctx, request),
    invite: (request, context, projectId) => invite(ctx, request, context, projectId),
    snapshot: () => state.snapshot(),
    takeChanges: () => state.takeChanges(),
    restore(snapshot) {
      if (!isAuthSnapshot(snapshot)) throw new Error('Not an auth snapshot (version 1)');
      state.restore(snapshot);
    },
    subscribe: (listener) => state.subscribe(listener),
  };
}
