import type { AccessPolicy, Reference } from '@medplum/fhirtypes';
import { unauthorized } from '../engine/outcome';
import type { EmailOrigin, OutgoingEmail } from '../email/mailbox';
import type { GoogleVerifier } from './google-verifier';
import type { AuthState } from './state';
import type { SignInThrottle } from './throttle';
import { newId } from './tokens';
import type { LoginRecord, ProjectDirectory } from './types';

/** What every auth endpoint works with. */
export interface AuthContext {
  state: AuthState;
  directory: ProjectDirectory;
  accessTokenLifetimeSeconds: number;
  /** Failed password and MFA steps per account. */
  throttle: SignInThrottle;
  /** Checks Google credentials; auth/google is refused when there is none. */
  google?: GoogleVerifier;
  /** Hands an e-mail to the server's mailbox. */
  sendEmail(email: OutgoingEmail, origin: EmailOrigin): void;
}

/** How long a sign-in may take from the password step to the token exchange. */
export const LOGIN_WINDOW_MS = 60 * 60 * 1000;
/** How long a refresh token stays valid after it was issued (each rotation starts again). */
export const REFRESH_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
export const DEFAULT_SCOPE = 'openid profile';

export const addMs = (date: Date, ms: number): string => new Date(date.getTime() + ms).toISOString();

/** Where a granted login acts: its project and profile. */
export interface LoginIdentity {
  projectId: string;
  profile: { reference: string; display?: string };
  /** Membership id; for a client login, the client id. */
  membershipId: string;
  admin: boolean;
  /** The membership's access policy, when it has one. */
  accessPolicy?: Reference<AccessPolicy>;
}

/** The project and profile a granted login acts as; throws 401 when they are gone. */
export function identityOf(ctx: AuthContext, login: LoginRecord): LoginIdentity {
  if (login.kind === 'client') {
    const client = ctx.state.client(login.subjectId);
    if (!client) throw unauthorized('Client not found');
    return {
      projectId: client.projectId,
      profile: { reference: `ClientApplication/${client.id}`, display: client.name },
      membershipId: client.id,
      admin: false,
    };
  }
  const membership = ctx.state.membershipOf(login);
  const reference = membership?.profile.reference;
  if (!membership || !reference) throw unauthorized('Membership not found');
  const profile: LoginIdentity['profile'] = { reference };
  if (membership.profile.display) profile.display = membership.profile.display;
  return {
    projectId: membership.projectId,
    profile,
    membershipId: membership.id,
    admin: membership.admin ?? false,
    ...(membership.accessPolicy ? { accessPolicy: { ...membership.accessPolicy } } : {}),
  };
}

export function projectReference(ctx: AuthContext, projectId: string): Reference {
  const project = ctx.directory.project(projectId);
  return project
    ? { reference: `Project/${project.id}`, display: project.name }
    : { reference: `Project/${projectId}` };
}

/** What a new login names; the rest starts as a login does (not yet MFA-verified). */
type NewLogin = Omit<LoginRecord, 'id' | 'mfaVerified' | 'authTime' | 'expiresAt'>;

/** A new login record, signed in now and good for `windowMs` (none: it lasts only as long as its tokens). */
export function newLoginRecord(ctx: AuthContext, fields: NewLogin, windowMs = 0): LoginRecord {
  const now = ctx.state.now();
  return {
    id: newId(),
    mfaVerified: false,
    authTime: now.toISOString(),
    expiresAt: addMs(now, windowMs),
    ...fields,
  };
}
