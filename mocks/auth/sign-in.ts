import { decodeJwt } from 'jose';
import { badRequest, operationOutcome } from '../engine/outcome';
import type { AuthContext } from './context';
import { optionalBoolean, optionalString, requiredString, type JsonBody } from './http';
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

interface GoogleClaims {
  email?: unknown;
  given_name?: unknown;
  family_name?: unknown;
}

/**
 * POST auth/google: off unless the service is created with Google sign-in enabled. When on, the
 * credential's e-mail is trusted without checking its signature: this is a fake server.
 */
export function googleLogin(ctx: AuthContext, body: JsonBody): JsonBody {
  if (!ctx.googleSignInEnabled) throw badRequest('Google authentication is not enabled');
  const credential = requiredString(body, 'googleCredential', 'Missing googleCredential');
  let claims: GoogleClaims;
  try {
    claims = decodeJwt(credential);
  } catch {
    throw badRequest('Invalid Google credential', 'googleCredential');
  }
  if (typeof claims.email !== 'string') throw badRequest('Invalid Google credential', 'googleCredential');
  const start = readLoginStart(body);
  const existing = ctx.state.userByEmail(claims.email);
  if (existing) {
    return loginResult(ctx, openLogin(ctx, existing, start, { mfaRequired: false, awaitingProject: false }));
  }
  if (!optionalBoolean(body, 'createUser')) throw badRequest('User not found');
  const user = registerUser(ctx, {
    firstName: typeof claims.given_name === 'string' ? claims.given_name : claims.email,
    lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
    email: claims.email,
    password: '',
  });
  return loginResult(ctx, openLogin(ctx, user, start, { mfaRequired: false, awaitingProject: true }));
}

/** POST auth/resetpassword: no e-mail goes out from the fake server; the answer is the same. */
export function resetPassword(_ctx: AuthContext, body: JsonBody): JsonBody {
  optionalString(body, 'email');
  return { ...operationOutcome('information', 'informational', 'All OK') };
}
