import type { RequestContext } from '@mocks/engine/types';
import type { Mailbox } from './mailbox';

/** The developer mailbox's address beside the fake server's controls. */
export const MAILBOX_PATH = '/$fake/emails';

/**
 * GET /$fake/emails: the e-mails the fake server captured, newest first, as JSON. Like the other
 * developer controls it is for a project admin (the route checks), and shows the mail of that admin's project:
 * what its members sent, its invitations, and password resets of its members.
 */
export function mailboxList(mailbox: Mailbox, context: RequestContext): Response {
  return new Response(JSON.stringify(mailbox.list(context.projectId)), {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
