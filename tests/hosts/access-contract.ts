import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, OperationOutcome } from '@medplum/fhirtypes';
import { MAIN_PROJECT_ID } from '../../mocks/seed';
import { signInByApi, type ApiSession } from '../fixtures/api-sign-in';
import { signUpByApi } from '../fixtures/api-sign-up';
import type { ConnectedHost } from './contract';

const MINUTE = 60_000;

/**
 * Who gets in where, as every host of the fake server must enforce it: run against msw/node and real
 * HTTP on freshly seeded demo data.
 */
export function accessContract(hostName: string, connect: () => Promise<ConnectedHost>): void {
  describe(`who gets in where on the fake FHIR server over ${hostName}`, () => {
    let host: ConnectedHost;
    let doctor: ApiSession;
    let nurse: ApiSession;
    let counter = 0;

    const url = (path: string): URL => new URL(path, host.baseUrl);
    const postJson = (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
      fetch(url(path), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const text = async (response: Response): Promise<string | undefined> =>
      ((await response.json()) as OperationOutcome).issue?.[0]?.details?.text;
    const asDoctor = (path: string, init?: RequestInit): Promise<Response> =>
      doctor.fetch(`fhir/R4/${path}`, init);
    const moveClock = (ms: number): Promise<Response> =>
      postJson('$fake/clock', { advanceMs: ms }, { Authorization: `Bearer ${doctor.accessToken}` });
    const newEmail = (): string => `stranger-${Date.now()}-${++counter}@example.com`;

    /** auth/newuser (optionally into a project) as a sign-up page sends it. */
    const newUser = (email: string, challenge: string, projectId?: string): Promise<Response> =>
      postJson('auth/newuser', {
        firstName: 'Mallory',
        lastName: 'Stranger',
        email,
        password: 'long-enough-password',
        codeChallenge: challenge,
        codeChallengeMethod: 'S256',
        clientId: 'carequeue-web',
        ...(projectId ? { projectId } : {}),
      });

    beforeAll(async () => {
      host = await connect();
      doctor = await signInByApi(host.baseUrl, 'doctor@example.com');
      nurse = await signInByApi(host.baseUrl, 'nurse@example.com');
    });
    afterAll(async () => host.close());

    it('refuses the registration attack: nobody signs up into the demo project to read its patients', async () => {
      const direct = await newUser(newEmail(), 'x'.repeat(43), MAIN_PROJECT_ID);
      expect(direct.status).toBe(400);
      expect(await text(direct)).toBe('Project does not allow open registration');

      const email = newEmail();
      const registered = await newUser(email, 'x'.repeat(43));
      expect(registered.status).toBe(200);
      const { login } = (await registered.json()) as { login: string };
      const joined = await postJson('auth/newpatient', { login, projectId: MAIN_PROJECT_ID });
      expect(joined.status).toBe(400);
      expect(await text(joined)).toBe('Project does not allow open registration');
      // With no membership anywhere, the stranger gets no token to read patients or change tasks with.
      await expect(signInByApi(host.baseUrl, email, { password: 'long-enough-password' })).rejects.toThrow(
        /auth\/login answered 400/
      );
    });

    it('still lets a new user register with a project of their own, as its admin', async () => {
      const owner = await signUpByApi(host.baseUrl, { projectName: 'Own Clinic' });
      const me = (await (await owner.fetch('auth/me')).json()) as { membership: { admin: boolean } };
      expect(me.membership.admin).toBe(true);
      const patients = (await (await owner.fetch('fhir/R4/Patient?_summary=count')).json()) as Bundle;
      expect(patients.total).toBe(0);
    });

    it('keeps a self-registered patient to their own compartment where the project allows registration', async () => {
      const policy = await asDoctor('AccessPolicy', {
        method: 'POST',
        body: JSON.stringify({
          resourceType: 'AccessPolicy',
          name: 'Patients see their own records',
          resource: [
            { resourceType: 'Patient', criteria: 'Patient?_id=%patient.id' },
            { resourceType: 'Task', criteria: 'Task?patient=%patient', readonly: true },
            { resourceType: 'Communication', compartment: { reference: '%patient' } },
          ],
        }),
      });
      expect(policy.status).toBe(201);
      const policyId = ((await policy.json()) as { id: string }).id;
      const opened = await asDoctor(`Project/${MAIN_PROJECT_ID}`, {
        method: 'PUT',
        body: JSON.stringify({
          resourceType: 'Project',
          id: MAIN_PROJECT_ID,
          name: 'CareQueue Demo',
          defaultPatientAccessPolicy: { reference: `AccessPolicy/${policyId}` },
        }),
      });
      expect(opened.status).toBeLessThan(300);

      const email = newEmail();
      const registered = await newUser(email, 'x'.repeat(43), MAIN_PROJECT_ID);
      expect(registered.status).toBe(200);
      const { login } = (await registered.json()) as { login: string };
      expect((await postJson('auth/newpatient', { login, projectId: MAIN_PROJECT_ID })).status).toBe(200);
      const patient = await signInByApi(host.baseUrl, email, { password: 'long-enough-password' });
      const fhir = (path: string, init?: RequestInit): Promise<Response> =>
        patient.fetch(`fhir/R4/${path}`, init);
      const ownId = patient.profile.split('/')[1];

      const patients = (await (await fhir('Patient?_count=100&_revinclude=Task:patient')).json()) as Bundle;
      expect(patients.entry?.map((entry) => `${entry.resource?.resourceType}/${entry.resource?.id}`)).toEqual(
        [patient.profile]
      );
      const someone = (await (await asDoctor('Patient?address-state=NY&_count=1')).json()) as Bundle;
      const otherId = someone.entry?.[0]?.resource?.id as string;
      expect(otherId).not.toBe(ownId);
      expect((await fhir(`Patient/${otherId}`)).status).toBe(404);
      expect((await fhir(`Patient/${otherId}/_history`)).status).toBe(404);
      const history = (await (await fhir('Patient/_history')).json()) as Bundle;
      expect(history.entry?.every((entry) => entry.resource?.id === ownId)).toBe(true);
      const tasks = (await (await fhir('Task?_count=100&_include=Task:patient')).json()) as Bundle;
      expect(tasks.entry ?? []).toEqual([]);
      const observations = await fhir('Observation');
      expect(observations.status).toBe(403);
      expect(await text(observations)).toBe(
        'Your access policy does not allow search of Observation resources'
      );

      const batch = (await (
        await fhir('', {
          method: 'POST',
          body: JSON.stringify({
            resourceType: 'Bundle',
            type: 'batch',
            entry: [
              { request: { method: 'GET', url: `Patient/${ownId}` } },
              { request: { method: 'GET', url: `Patient/${otherId}` } },
              { request: { method: 'DELETE', url: `Patient/${otherId}` } },
            ],
          }),
        })
      ).json()) as Bundle;
      expect(batch.entry?.map((entry) => entry.response?.status)).toEqual(['200', '404', '404']);

      const anyTask = (await (await asDoctor('Task?_count=1')).json()) as Bundle;
      const taskId = anyTask.entry?.[0]?.resource?.id as string;
      const patch = await fhir(`Task/${taskId}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json-patch+json' },
        body: JSON.stringify([{ op: 'replace', path: '/status', value: 'cancelled' }]),
      });
      expect(patch.status).toBe(404);
      const planted = await fhir('Communication', {
        method: 'POST',
        body: JSON.stringify({
          resourceType: 'Communication',
          status: 'completed',
          subject: { reference: `Patient/${otherId}` },
        }),
      });
      expect(planted.status).toBe(403);
      const own = await fhir('Communication', {
        method: 'POST',
        body: JSON.stringify({
          resourceType: 'Communication',
          status: 'completed',
          subject: { reference: patient.profile },
        }),
      });
      expect(own.status).toBe(201);
    });

    it("gives the nurse, who is not a project admin, the server's 403 words for every bot route", async () => {
      const botAdmin = await nurse.fetch(`admin/projects/${MAIN_PROJECT_ID}/bot`, {
        method: 'POST',
        body: JSON.stringify({ name: 'nurse bot' }),
      });
      expect(botAdmin.status).toBe(403);
      expect(await text(botAdmin)).toBe('Only a project admin can create, deploy or execute bots');
      const created = await nurse.fetch('fhir/R4/Bot', {
        method: 'POST',
        body: JSON.stringify({ resourceType: 'Bot', name: 'nurse bot' }),
      });
      expect(created.status).toBe(403);
      expect(await text(created)).toBe('Only a project admin can change Bot resources');
      const doctorBot = await doctor.fetch(`admin/projects/${MAIN_PROJECT_ID}/bot`, {
        method: 'POST',
        body: JSON.stringify({ name: 'doctor bot' }),
      });
      expect(doctorBot.status).toBe(201);
      const botId = ((await doctorBot.json()) as { id: string }).id;
      for (const operation of ['$deploy', '$execute']) {
        const answer = await nurse.fetch(`fhir/R4/Bot/${botId}/${operation}`, {
          method: 'POST',
          body: JSON.stringify({ code: 'exports.handler = async () => 1;' }),
        });
        expect(answer.status, operation).toBe(403);
        expect(await text(answer)).toBe('Only a project admin can create, deploy or execute bots');
      }
    });

    it('revokes the whole token family when an old refresh token is replayed', async () => {
      const session = await signInByApi(host.baseUrl, 'coordinator@example.com');
      const refresh = async (token: string): Promise<Response> =>
        fetch(url('oauth2/token'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: token,
            client_id: 'carequeue-web',
          }),
        });
      const first = (await (await refresh(session.refreshToken)).json()) as Record<string, string>;
      const newest = first.refresh_token as string;
      const replay = await refresh(session.refreshToken);
      expect(replay.status).toBe(400);
      expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');
      expect((await refresh(newest)).status).toBe(400);
      const call = await fetch(url('fhir/R4/Patient?_count=1'), {
        headers: { Authorization: `Bearer ${first.access_token}` },
      });
      expect(call.status).toBe(401);
    });

    it('guards the developer controls: a token, an admin, a JSON body and a bounded clock move', async () => {
      const noToken = await fetch(url('$fake/reset'), {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: '{}',
      });
      expect(noToken.status).toBe(401);
      const plain = await fetch(url('$fake/reset'), {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', Authorization: `Bearer ${doctor.accessToken}` },
        body: '{}',
      });
      expect(plain.status).toBe(415);
      const byNurse = await postJson('$fake/reset', {}, { Authorization: `Bearer ${nurse.accessToken}` });
      expect(byNurse.status).toBe(403);
      const huge = await moveClock(1e300);
      expect(huge.status).toBe(400);
      expect(await text(huge)).toMatch(/^advanceMs must be a number of milliseconds/);
      const again = await signInByApi(host.baseUrl, 'nurse@example.com');
      expect((await again.fetch('fhir/R4/Patient?_count=1')).status).toBe(200);
    });

    it('throttles password guessing with a 429 OperationOutcome, and lets the account in after the window', async () => {
      const attempt = (password: string): Promise<Response> =>
        postJson('auth/login', {
          email: 'mfa@example.com',
          password,
          codeChallenge: 'x'.repeat(43),
          codeChallengeMethod: 'S256',
        });
      for (let i = 0; i < 10; i++) expect((await attempt(`wrong-${i}`)).status).toBe(400);
      const held = await attempt('password');
      expect(held.status).toBe(429);
      const outcome = (await held.json()) as OperationOutcome;
      expect(outcome.resourceType).toBe('OperationOutcome');
      expect(outcome.issue?.[0]?.details?.text).toMatch(/^Too many failed attempts for this account/);
      expect((await moveClock(15 * MINUTE)).status).toBe(200);
      const back = await attempt('password');
      expect(back.status).toBe(200);
      expect(((await back.json()) as { mfaRequired?: boolean }).mfaRequired).toBe(true);
    });
  });
}
