import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationOutcome, ProjectMembership } from '@medplum/fhirtypes';
import { signInByApi, type ApiSession } from '../fixtures/api-sign-in';
import { signUpByApi } from '../fixtures/api-sign-up';
import type { ConnectedHost } from './contract';

interface CapturedEmail {
  to: string[];
  subject: string;
  text?: string;
  html?: string;
  sentAt: string;
}

const text = (body: unknown): string =>
  ((body as OperationOutcome).issue ?? []).map((issue) => issue.details?.text ?? '').join('; ');

/** The set-password link of an e-mail: the path the app opens, with the request id and secret. */
function setPasswordLink(email: CapturedEmail | undefined): { id: string; secret: string } {
  const match = /\/setpassword\/([^/\s]+)\/([^/\s]+)/.exec(email?.text ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`No set-password link in ${JSON.stringify(email)}`);
  return { id: match[1], secret: match[2] };
}

/**
 * Registration, password resets, invitations and the developer mailbox, answered alike by every host
 * of the fake server, on freshly seeded demo data.
 */
export function signInContract(hostName: string, connect: () => Promise<ConnectedHost>): void {
  describe(`sign-up, password reset, invitations and e-mail over ${hostName}`, () => {
    let host: ConnectedHost;
    let doctor: ApiSession;
    let nurse: ApiSession;

    const post = (path: string, body: unknown, session?: ApiSession): Promise<Response> => {
      const init = {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      };
      return session ? session.fetch(path, init) : fetch(new URL(path, host.baseUrl), init);
    };
    const mailbox = async (session: ApiSession): Promise<CapturedEmail[]> => {
      const response = await session.fetch('$fake/emails');
      expect(response.status).toBe(200);
      return (await response.json()) as CapturedEmail[];
    };
    const mailTo = async (session: ApiSession, address: string): Promise<CapturedEmail | undefined> =>
      (await mailbox(session)).find((email) => email.to.includes(address));

    beforeAll(async () => {
      host = await connect();
      doctor = await signInByApi(host.baseUrl, 'doctor@example.com');
      nurse = await signInByApi(host.baseUrl, 'nurse@example.com');
    });
    afterAll(async () => host.close());

    describe('email/v1/send and the developer mailbox', () => {
      it('needs a token to send or to read the mailbox', async () => {
        expect((await post('email/v1/send', { to: 'a@example.com', subject: 'Hi' })).status).toBe(401);
        expect((await fetch(new URL('$fake/emails', host.baseUrl))).status).toBe(401);
      });

      it('keeps a member who is not a project admin from sending or reading mail', async () => {
        const sent = await post('email/v1/send', { to: 'a@example.com', subject: 'Hi', text: 'x' }, nurse);
        expect(sent.status).toBe(403);
        expect((await nurse.fetch('$fake/emails')).status).toBe(403);
      });

      it("answers a message without recipient or subject with 400 and Medplum's words", async () => {
        const noTo = await post('email/v1/send', { subject: 'Hi', text: 'x' }, doctor);
        expect(noTo.status).toBe(400);
        expect(text(await noTo.json())).toBe('To is required');
        const noSubject = await post('email/v1/send', { to: 'a@example.com', text: 'x' }, doctor);
        expect(noSubject.status).toBe(400);
        expect(text(await noSubject.json())).toBe('Subject is required');
        const badAddress = await post('email/v1/send', { to: 'not an address', subject: 'Hi' }, doctor);
        expect(badAddress.status).toBe(400);
      });

      it("captures an admin's e-mails instead of sending them, listed newest first", async () => {
        for (const subject of ['First note', 'Second note']) {
          const sent = await post(
            'email/v1/send',
            { to: ['family@example.com'], subject, text: `${subject} text`, html: `<p>${subject}</p>` },
            doctor
          );
          expect(sent.status).toBe(200);
        }
        const [newest, older] = await mailbox(doctor);
        expect(newest).toMatchObject({
          to: ['family@example.com'],
          subject: 'Second note',
          html: '<p>Second note</p>',
        });
        expect(older?.subject).toBe('First note');
        expect(Date.parse(newest?.sentAt ?? '')).toBeGreaterThanOrEqual(Date.parse(older?.sentAt ?? ''));
      });

      it("shows an admin only their own project's mail", async () => {
        const riversideAdmin = await signInByApi(host.baseUrl, 'coordinator@example.com', {
          membershipIndex: 1,
        });
        const seen = await mailbox(riversideAdmin);
        expect(seen.map((email) => email.subject)).not.toContain('Second note');
      });
    });

    describe('auth/newuser', () => {
      const newUser = (fields: Record<string, unknown>): Promise<Response> =>
        post('auth/newuser', {
          firstName: 'Robin',
          lastName: 'Lee',
          email: 'robin.lee@example.com',
          password: 'a-long-password',
          codeChallenge: 'x'.repeat(43),
          codeChallengeMethod: 'S256',
          clientId: 'carequeue-web',
          ...fields,
        });

      it.each([
        [{ firstName: '' }, 'firstName'],
        [{ lastName: '' }, 'lastName'],
        [{ email: 'robin-at-example' }, 'email'],
        [{ password: 'short' }, 'password'],
      ])('refuses %o with a 400 naming the field', async (fields, field) => {
        const response = await newUser(fields);
        expect(response.status).toBe(400);
        const outcome = (await response.json()) as OperationOutcome;
        expect(outcome.issue?.[0]?.expression).toEqual([field]);
        expect(text(outcome)).not.toBe('');
      });

      it('refuses an e-mail that already has an account', async () => {
        const response = await newUser({ email: 'doctor@example.com' });
        expect(response.status).toBe(400);
        expect(text(await response.json())).toBe('Email already registered');
      });
    });

    describe('auth/resetpassword and auth/setpassword', () => {
      it('answers the same for an unknown e-mail and sends nothing, so accounts cannot be discovered', async () => {
        const before = (await mailbox(doctor)).length;
        const response = await post('auth/resetpassword', { email: 'nobody-here@example.com' });
        expect(response.status).toBe(200);
        expect((await mailbox(doctor)).length).toBe(before);
        const invalid = await post('auth/resetpassword', { email: 'not-an-email' });
        expect(invalid.status).toBe(400);
      });

      it('sets a new password through the e-mailed link; the old one stops working and the link works once', async () => {
        const user = await signUpByApi(host.baseUrl, { password: 'first-password' });
        expect((await post('auth/resetpassword', { email: user.email })).status).toBe(200);
        const email = await mailTo(user, user.email);
        expect(email?.subject).toBe('CareQueue password reset');
        const { id, secret } = setPasswordLink(email);

        const tooShort = await post('auth/setpassword', { id, secret, password: 'short' });
        expect(tooShort.status).toBe(400);
        expect(text(await tooShort.json())).toBe('Invalid password, must be at least 8 characters');
        const wrongSecret = await post('auth/setpassword', {
          id,
          secret: 'guessed',
          password: 'second-password',
        });
        expect(wrongSecret.status).toBe(400);
        expect(text(await wrongSecret.json())).toBe('Incorrect secret');

        expect((await post('auth/setpassword', { id, secret, password: 'second-password' })).status).toBe(
          200
        );
        await expect(signInByApi(host.baseUrl, user.email, { password: 'first-password' })).rejects.toThrow(
          'Email or password is invalid'
        );
        await expect(
          signInByApi(host.baseUrl, user.email, { password: 'second-password' })
        ).resolves.toBeDefined();

        const again = await post('auth/setpassword', { id, secret, password: 'third-password' });
        expect(again.status).toBe(400);
        expect(text(await again.json())).toBe('Already used');
        const unknown = await post('auth/setpassword', {
          id: 'no-such-request',
          secret,
          password: 'third-password',
        });
        expect(unknown.status).toBe(404);
      });
    });

    describe('admin/projects/{id}/invite', () => {
      const projectOf = async (session: ApiSession): Promise<string> => {
        const me = (await (await session.fetch('auth/me')).json()) as { project: { id: string } };
        return me.project.id;
      };
      const invitee = {
        resourceType: 'Practitioner',
        firstName: 'Quinn',
        lastName: 'Harper',
        email: 'quinn.harper@example.com',
      };

      it('is for project admins of that project only', async () => {
        const main = await projectOf(doctor);
        expect((await post(`admin/projects/${main}/invite`, invitee, nurse)).status).toBe(403);
        expect((await post(`admin/projects/${main}/invite`, invitee)).status).toBe(401);
        const stranger = await signUpByApi(host.baseUrl);
        expect((await post(`admin/projects/${main}/invite`, invitee, stranger)).status).toBe(403);
      });

      it("answers a bad invitation with 400 and Medplum's words", async () => {
        const main = await projectOf(doctor);
        const noType = await post(
          `admin/projects/${main}/invite`,
          { ...invitee, resourceType: 'Task' },
          doctor
        );
        expect(noType.status).toBe(400);
        expect(text(await noType.json())).toBe('Resource type is required');
        const noEmail = await post(`admin/projects/${main}/invite`, { ...invitee, email: 'nope' }, doctor);
        expect(text(await noEmail.json())).toBe('Valid email address is required');
      });

      it('creates the user, profile and membership, and e-mails a link with which the invitee signs in', async () => {
        const main = await projectOf(doctor);
        const response = await post(`admin/projects/${main}/invite`, invitee, doctor);
        expect(response.status).toBe(200);
        const membership = (await response.json()) as ProjectMembership;
        expect(membership).toMatchObject({
          resourceType: 'ProjectMembership',
          project: { reference: `Project/${main}` },
          profile: { reference: expect.stringMatching(/^Practitioner\//), display: 'Quinn Harper' },
          admin: false,
        });
        const profile = await doctor.fetch(`fhir/R4/${membership.profile?.reference}`);
        expect(profile.status).toBe(200);

        const email = await mailTo(doctor, invitee.email);
        expect(email?.subject).toBe('Welcome to CareQueue');
        const { id, secret } = setPasswordLink(email);
        expect((await post('auth/setpassword', { id, secret, password: 'quinn-password' })).status).toBe(200);
        const quinn = await signInByApi(host.baseUrl, invitee.email, { password: 'quinn-password' });
        expect(quinn.profile).toBe(membership.profile?.reference);

        const twice = await post(`admin/projects/${main}/invite`, invitee, doctor);
        expect(twice.status).toBe(409);
        expect(text(await twice.json())).toBe('User is already a member of this project');
      });
    });

    describe('set-password links expire', () => {
      it("refuses a link older than a day with 'Link expired'", async () => {
        const user = await signUpByApi(host.baseUrl);
        await post('auth/resetpassword', { email: user.email });
        const { id, secret } = setPasswordLink(await mailTo(user, user.email));
        const moved = await post('$fake/clock', { advanceMs: 24 * 60 * 60 * 1000 + 1000 }, doctor);
        expect(moved.status).toBe(200);
        const late = await post('auth/setpassword', { id, secret, password: 'too-late-password' });
        expect(late.status).toBe(400);
        expect(text(await late.json())).toBe('Link expired');
      });
    });
  });
}
