import { badRequest } from '../engine/outcome';
import type { SeedUser } from '../seed/types';
import {
  DEFAULT_SCOPE,
  LOGIN_WINDOW_MS,
  newLoginRecord,
  projectReference,
  type AuthContext,
} from './context';
import { optionalBoolean, optionalString, requiredString, type JsonBody } from './http';
import { randomSecret } from './tokens';
import type { LoginRecord } from './types';

/** The fields every sign-in start (password, registration, social) shares. */
export interface LoginStart {
  clientId?: string;
  scope: string;
  remember: boolean;
  codeChallenge: string;
  /** A project to sign in to; 'new' asks to create one. */
  projectId?: string;
}

/** Reads the client, scope and PKCE challenge of a sign-in request. Only S256 is accepted. */
export function readLoginStart(body: JsonBody): LoginStart {
  const codeChallenge = requiredString(body, 'codeChallenge', 'Missing code challenge');
  const method = optionalString(body, 'codeChallengeMethod');
  if (method !== 'S256') {
    throw badRequest('Invalid code challenge method: only S256 is supported', 'codeChallengeMethod');
  }
  const start: LoginStart = {
    scope: optionalString(body, 'scope') ?? DEFAULT_SCOPE,
    remember: optionalBoolean(body, 'remember'),
    codeChallenge,
  };
  const clientId = optionalString(body, 'clientId');
  if (clientId) start.clientId = clientId;
  const projectId = optionalString(body, 'projectId');
  if (projectId) start.projectId = projectId;
  return start;
}

/** Opens a login for a user who has proved who they are (password, registration, social). */
export function openLogin(
  ctx: AuthContext,
  user: SeedUser,
  start: LoginStart,
  options: { mfaRequired: boolean; awaitingProject: boolean }
): LoginRecord {
  const login = newLoginRecord(
    ctx,
    {
      kind: 'user',
      subjectId: user.id,
      scope: start.scope,
      remember: start.remember,
      codeChallenge: start.codeChallenge,
      mfaRequired: options.mfaRequired,
      awaitingProject: options.awaitingProject || start.projectId === 'new',
      granted: false,
    },
    LOGIN_WINDOW_MS
  );
  if (start.clientId) login.clientId = start.clientId;
  if (start.projectId && start.projectId !== 'new') login.projectId = start.projectId;
  ctx.state.saveLogin(login);
  return login;
}

/** A login still in the sign-in steps, named by the `login` field of the request. */
export function pendingLogin(ctx: AuthContext, body: JsonBody): LoginRecord {
  const id = requiredString(body, 'login');
  const login = ctx.state.login(id);
  if (!login || login.kind !== 'user') throw badRequest('Login not found', 'login');
  if (login.granted) throw badRequest('Login already granted', 'login');
  return login;
}

export function requireMfaDone(login: LoginRecord): void {
  if (login.mfaRequired && !login.mfaVerified) throw badRequest('MFA verification required', 'login');
}

/** Chooses the login's profile and hands out a fresh authorization code. */
export function grantCode(ctx: AuthContext, login: LoginRecord, membershipId: string): JsonBody {
  login.membershipId = membershipId;
  login.code = randomSecret();
  ctx.state.saveLogin(login);
  return { login: login.id, code: login.code };
}

/**
 * What the sign-in steps answer, as Medplum's server does: ask for the MFA code, wait for a new
 * project, offer the memberships to choose from, or hand out the authorization code.
 */
export function loginResult(ctx: AuthContext, login: LoginRecord): JsonBody {
  if (login.mfaRequired && !login.mfaVerified) return { login: login.id, mfaRequired: true };
  if (login.awaitingProject) return { login: login.id };
  if (login.membershipId) {
    if (!login.code) return grantCode(ctx, login, login.membershipId);
    return { login: login.id, code: login.code };
  }
  const user = ctx.state.userById(login.subjectId);
  const memberships = (user?.memberships ?? []).filter(
    (m) => login.projectId === undefined || m.projectId === login.projectId
  );
  const [only] = memberships;
  if (!only) throw badRequest('User not found');
  if (memberships.length === 1) return grantCode(ctx, login, only.id);
  return {
    login: login.id,
    memberships: memberships.map((m) => ({
      id: m.id,
      project: projectReference(ctx, m.projectId),
      profile: { ...m.profile },
    })),
  };
}
