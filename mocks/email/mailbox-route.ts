import { FhirError } from '../engine/outcome';
import type { RequestContext } from '../engine/types';
import { requireProjectAdmin } from '../auth/project-admin';
import type { Mailbox } from './mailbox';

/** The developer mailbox's address under the fake server's controls. */
export const MAILBOX_CONTROL = 'emails';

/**
 * GET /$fake/emails: the e-mails the fake server captured, newest first, as JSON. Like the other
 * developer controls it needs a project admin's token, and shows the mail of that admin's project:
 * what its members sent, its invitations, and password resets of its members.
 */
export function mailboxRoute(mailbox: Mailbox, request: Request, context: RequestContext): Response {
  if (request.method !== 'GET') {
    throw new FhirError(405, `Method ${request.method} not allowed on /$fake/emails`, 'not-supported');
  }
  requireProjectAdmin(context);
  return new Response(JSON.stringify(mailbox.list(context.projectId)), {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
