import { requireProjectAdmin } from '@mocks/auth/project-admin';
import { readJsonBody, type JsonBody } from '@mocks/auth/http';
import { badRequest, successOutcome } from '@mocks/engine/outcome';
import type { SignedInCall } from '@mocks/routing/route-table';
import type { Mailbox, OutgoingEmail } from './mailbox';

const EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** An address may carry a display name: 'Alice Smith <alice@example.com>'. */
const NAMED_ADDRESS = /^[^<>]*<([^<>]+)>$/;

/** Medplum's e-mail API. */
export const EMAIL_SEND_PATH = '/email/v1/send';

/**
 * POST email/v1/send (the route refuses other methods), as Medplum's: a JSON body with to, subject, and text and/or html. Only a
 * project admin may send (Medplum also asks for the project's 'email' feature); the message goes to
 * the developer mailbox instead of leaving the machine.
 */
export async function sendEmail(mailbox: Mailbox, { request, context }: SignedInCall): Promise<Response> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('application/json')) {
    throw badRequest('Content-Type must be application/json');
  }
  requireProjectAdmin(context);
  const email = readEmail(await readJsonBody(request));
  mailbox.send(email, { sender: context.profile.reference ?? 'unknown', projectIds: [context.projectId] });
  return new Response(JSON.stringify(successOutcome(200)), {
    status: 200,
    headers: { 'Content-Type': 'application/fhir+json; charset=utf-8' },
  });
}

function readEmail(body: JsonBody): OutgoingEmail {
  const to = addresses(body, 'to');
  if (to.length === 0) throw badRequest('To is required', 'to');
  const subject = body.subject;
  if (typeof subject !== 'string' || subject.trim() === '')
    throw badRequest('Subject is required', 'subject');
  const email: OutgoingEmail = { to, subject };
  const cc = addresses(body, 'cc');
  const bcc = addresses(body, 'bcc');
  if (cc.length > 0) email.cc = cc;
  if (bcc.length > 0) email.bcc = bcc;
  for (const part of ['text', 'html'] as const) {
    const value = body[part];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw badRequest(`${part} must be a string`, part);
    email[part] = value;
  }
  return email;
}

/** A recipient field: one address, a comma-separated list, or an array of addresses. */
function addresses(body: JsonBody, field: string): string[] {
  const value = body[field];
  if (value === undefined || value === null || value === '') return [];
  const items = Array.isArray(value) ? value : [value];
  const result: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string')
      throw badRequest(`${field} must be an e-mail address or a list of them`, field);
    for (const part of item
      .split(',')
      .map((text) => text.trim())
      .filter(Boolean)) {
      const address = NAMED_ADDRESS.exec(part)?.[1]?.trim() ?? part;
      if (!EMAIL_PATTERN.test(address)) throw badRequest(`Invalid e-mail address: ${part}`, field);
      result.push(part);
    }
  }
  return result;
}
