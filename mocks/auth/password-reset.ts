import { badRequest, notFound, successOutcome } from '../engine/outcome';
import type { SeedUser } from '../seed/types';
import { addMs, type AuthContext } from './context';
import { optionalBoolean, optionalString, type JsonBody } from './http';
import { newId, randomSecret, secretsEqual } from './tokens';
import type { SecurityRequest } from './types';

/** A password-reset link works for a day; an invitation for a week. Either works once. */
export const RESET_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const INVITE_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 72;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INVALID_EMAIL = 'Valid email address between 3 and 72 characters is required';

/** The app's address for a set-password link: the origin that answered the request. */
export function setPasswordUrl(appBaseUrl: string, request: SecurityRequest): string {
  return new URL(`setpassword/${request.id}/${request.secret}`, appBaseUrl).href;
}

/** Creates a single-use set-password link for a user. */
export function createSecurityRequest(
  ctx: AuthContext,
  user: SeedUser,
  type: SecurityRequest['type']
): SecurityRequest {
  const now = ctx.state.now();
  const request: SecurityRequest = {
    id: newId(),
    type,
    userId: user.id,
    secret: randomSecret(16),
    used: false,
    createdAt: now.toISOString(),
    expiresAt: addMs(now, type === 'invite' ? INVITE_LINK_LIFETIME_MS : RESET_LINK_LIFETIME_MS),
  };
  ctx.state.saveSecurityRequest(request);
  return request;
}

/**
 * POST auth/resetpassword {email}: e-mails the user a set-password link. The answer is the same
 * whether or not the e-mail belongs to a user, so it cannot be used to find out who has an account.
 */
export function resetPassword(ctx: AuthContext, body: JsonBody, appBaseUrl: string): JsonBody {
  const email = optionalString(body, 'email')?.trim() ?? '';
  if (email.length < 3 || email.length > 72 || !EMAIL_PATTERN.test(email)) {
    throw badRequest(INVALID_EMAIL, 'email');
  }
  const sendEmail = body.sendEmail === undefined ? true : optionalBoolean(body, 'sendEmail');
  const user = ctx.state.userByEmail(email);
  if (user && sendEmail) {
    const link = setPasswordUrl(appBaseUrl, createSecurityRequest(ctx, user, 'reset'));
    ctx.sendEmail(
      {
        to: [user.email],
        subject: 'CareQueue password reset',
        text: [
          'Someone asked to reset your CareQueue password.',
          '',
          'To choose a new password, open this link:',
          '',
          link,
          '',
          'The link works once, for 24 hours. If you did not ask for it, you can ignore this e-mail.',
          '',
        ].join('\n'),
      },
      { sender: 'system', projectIds: user.memberships.map((m) => m.projectId) }
    );
  }
  return { ...successOutcome(200) };
}

/**
 * POST auth/setpassword {id, secret, password}: the new password from a set-password link. The old
 * password stops working at once; the link cannot be used again and stops working when it expires.
 */
export function setPassword(ctx: AuthContext, body: JsonBody): JsonBody {
  const id = optionalString(body, 'id');
  if (!id) throw badRequest('Invalid request ID', 'id');
  const secret = optionalString(body, 'secret');
  if (!secret) throw badRequest('Missing secret', 'secret');
  const password = optionalString(body, 'password') ?? '';
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw badRequest(`Invalid password, must be at least ${MIN_PASSWORD_LENGTH} characters`, 'password');
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw badRequest(
      `Password must be between ${MIN_PASSWORD_LENGTH} and ${MAX_PASSWORD_LENGTH} characters`,
      'password'
    );
  }
  const request = ctx.state.securityRequest(id);
  if (!request) throw notFound('Not found');
  if (!secretsEqual(request.secret, secret)) throw badRequest('Incorrect secret', 'secret');
  if (request.used) throw badRequest('Already used');
  if (Date.parse(request.expiresAt) <= ctx.state.now().getTime()) throw badRequest('Link expired');
  if (!ctx.state.userById(request.userId)) throw notFound('Not found');
  ctx.state.setPassword(request.userId, password);
  ctx.state.saveSecurityRequest({ ...request, used: true });
  return { ...successOutcome(200) };
}
