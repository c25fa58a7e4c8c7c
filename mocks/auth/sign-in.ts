import { badRequest } from '../engine/outcome';
import type { AuthContext } from './context';
import { optionalBoolean, requiredString, type JsonBody } from './http';
import {
  grantCode,
  loginResult,
  openLogin,
  pendingLogin,
  readLoginStart,
  requireMfaDone,
} from './login-flow';
import { registerUser } from './registration';
import { secretsEqual } from './tokens';

const invalidCredentials = (): Error => badRequest('Email or password is invalid', 'password');

/** POST auth/method: every user here signs in with e-mail and password (no external provider). */
export function authMethod(_ctx: AuthContext, body: JsonBody): JsonBody {
  const email = requiredString(body, 'email', 'Valid email address is required');
  if (!email.includes('@')) throw badRequest('Valid email address is required', 'email');
  return {};
}

/** POST auth/login: checks e-mail and password, then continues as the user's account requires. */
export function passwordLogin(ctx: AuthContext, body: JsonBody): JsonBody {
  const email = requiredString(body, 'email', 'Valid email address is required');
  const password = requiredString(body, 'password', 'Password is required');
  const start = readLoginStart(body);
  const throttleKey = `password:${email.trim().toLowerCase()}`;
  ctx.throttle.check(throttleKey);
  const user = ctx.state.userByEmail(email);
  // Compare even for an unknown e-mail so the answer does not reveal which e-mails exist.
  const passwordMatches = secretsEqual(user?.password ?? '', password);
  if (!user || !passwordMatches) {
    ctx.throttle.fail(throttleKey);
    throw invalidCredentials();
  }
  ctx.throttle.succeed(throttleKey);
  if (
    start.projectId &&
    start.projectId !== 'new' &&
    !user.memberships.some((m) => m.projectId === start.projectId)
  ) {
    throw badRequest('User not found');
  }
  const login = openLogin(ctx, user, start, { mfaRequired: Boolean(user.mfaCode), awaitingProject: false });
  return loginResult(ctx, login);
}

/** POST auth/mfa/verify: the code the user's authenticator shows. */
export function verifyMfa(ctx: AuthContext, body: JsonBody): JsonBody {
  const login = pendingLogin(ctx, body);
  const token = requiredString(body, 'token', 'Missing MFA token');
  const user = ctx.state.userById(login.subjectId);
  if (!login.mfaRequired || !user?.mfaCode) throw badRequest('MFA is not required for this login', 'login');
  const throttleKey = `mfa:${user.email.trim().toLowerCase()}`;
  ctx.throttle.check(throttleKey);
  if (!secretsEqual(user.mfaCode, token.trim())) {
    ctx.throttle.fail(throttleKey);
    throw badRequest('Invalid MFA token', 'token');
  }
  ctx.throttle.succeed(throttleKey);
  login.mfaVerified = true;
  ctx.state.saveLogin(login);
  return loginResult(ctx, login);
}

/** POST auth/profile: the membership the user chose. */
export function chooseProfile(ctx: AuthContext, body: JsonBody): JsonBody {
  const login = pendingLogin(ctx, body);
  requireMfaDone(login);
  const membershipId = requiredString(body, 'profile', 'Missing profile');
  const user = ctx.state.userById(login.subjectId);
  const membership = user?.memberships.find((m) => m.id === membershipId);
  if (!membership || (login.projectId !== undefined && membership.projectId !== login.projectId)) {
    throw badRequest('Profile not found', 'profile');
  }
  return grantCode(ctx, login, membership.id);
}

/** POST auth/scope: the scopes the user agreed to. */
export function chooseScope(ctx: AuthContext, body: JsonBody): JsonBody {
  const login = pendingLogin(ctx, body);
  requireMfaDone(login);
  const scope = requiredString(body, 'scope', 'Missing scope');
  if (!login.membershipId) throw badRequest('Login profile not set', 'login');
  login.scope = scope.split(/\s+/).filter(Boolean).join(' ');
  return grantCode(ctx, login, login.membershipId);
}

/**
 * POST auth/google: refused unless the server is configured with a Google verifier for the client id
 * the credential was issued to; a credential the verifier does not accept is a 400.
 */
export async function googleLogin(ctx: AuthContext, body: JsonBody): Promise<JsonBody> {
  if (!ctx.google) throw badRequest('Google authentication is not enabled');
  const googleClientId = requiredString(body, 'googleClientId', 'Missing googleClientId');
  const credential = requiredString(body, 'googleCredential', 'Missing googleCredential');
  if (googleClientId !== ctx.google.clientId) throw badRequest('Invalid googleClientId', 'googleClientId');
  const start = readLoginStart(body);
  const claims = await ctx.google.verify(credential);
  const existing = ctx.state.userByEmail(claims.email);
  if (existing) {
    return loginResult(ctx, openLogin(ctx, existing, start, { mfaRequired: false, awaitingProject: false }));
  }
  if (!optionalBoolean(body, 'createUser')) throw badRequest('User not found');
  const user = registerUser(ctx, {
    firstName: claims.given_name ?? claims.email,
    lastName: claims.family_name ?? '',
    email: claims.email,
    password: '',
  });
  return loginResult(ctx, openLogin(ctx, user, start, { mfaRequired: false, awaitingProject: true }));
}
