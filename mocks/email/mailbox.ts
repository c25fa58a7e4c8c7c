import type { Clock } from '../engine/types';

/** The sender of every e-mail the fake server sends on its own (invitations, password resets). */
export const SYSTEM_SENDER = 'CareQueue <no-reply@carequeue.example>';
/** The mailbox keeps the newest messages only, so a long-running server does not grow without end. */
export const MAILBOX_LIMIT = 500;

/** One e-mail as a sender hands it over (Medplum's email/v1/send body, nodemailer's fields). */
export interface OutgoingEmail {
  to: string[];
  cc?: string[];
  bcc?: string[];
  from?: string;
  subject: string;
  text?: string;
  html?: string;
}

/** An e-mail the fake server sent: kept in the developer mailbox instead of leaving the machine. */
export interface CapturedEmail extends OutgoingEmail {
  id: string;
  from: string;
  /** When it was sent, on the server's clock. */
  sentAt: string;
  /** Who sent it: a profile reference, or 'system' for the server's own e-mails. */
  sender: string;
  /** The projects whose admins may read it: the sender's, the invitation's, the recipient's. */
  projectIds: string[];
}

/** Who sends an e-mail and which projects' admins may read it. */
export interface EmailOrigin {
  sender: string;
  projectIds: string[];
}

/** The developer mailbox: every e-mail sent, newest first. */
export class Mailbox {
  private emails: CapturedEmail[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly sentListeners = new Set<(email: CapturedEmail) => void>();

  constructor(private readonly clock: Clock) {}

  send(email: OutgoingEmail, origin: EmailOrigin): CapturedEmail {
    const captured: CapturedEmail = {
      ...structuredClone(email),
      id: crypto.randomUUID(),
      from: email.from ?? SYSTEM_SENDER,
      sentAt: new Date(this.clock.now()).toISOString(),
      sender: origin.sender,
      projectIds: [...new Set(origin.projectIds)],
    };
    this.emails = withSent(this.emails, captured);
    for (const listener of [...this.sentListeners]) listener(captured);
    for (const listener of [...this.listeners]) listener();
    return captured;
  }

  /**
   * Newest first. With a project, only what that project's admins may read: a registered user is
   * the admin of their own project, so the whole mailbox (everyone's reset links) is never theirs.
   */
  list(projectId?: string): CapturedEmail[] {
    const visible =
      projectId === undefined
        ? this.emails
        : this.emails.filter((email) => email.projectIds.includes(projectId));
    return structuredClone(visible);
  }

  snapshot(): CapturedEmail[] {
    return this.list();
  }

  restore(emails: CapturedEmail[] | undefined): void {
    this.emails = keepNewest(Array.isArray(emails) ? structuredClone(emails) : []);
  }

  clear(): void {
    this.emails = [];
  }

  /** Told of each e-mail as it is sent (a host keeps it on disk before answering). */
  onSent(listener: (email: CapturedEmail) => void): () => void {
    this.sentListeners.add(listener);
    return () => this.sentListeners.delete(listener);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** A mailbox's list after `email` was sent into one holding `emails` (newest first, bounded). */
export function withSent(
  emails: readonly CapturedEmail[] | undefined,
  email: CapturedEmail
): CapturedEmail[] {
  return keepNewest([email, ...(emails ?? [])]);
}

function keepNewest(emails: CapturedEmail[]): CapturedEmail[] {
  return emails.slice(0, MAILBOX_LIMIT);
}
