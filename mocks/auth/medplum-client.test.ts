// @vitest-environment jsdom
import { ClientStorage, MedplumClient, MemoryStorage } from '@medplum/core';
import type { Practitioner } from '@medplum/fhirtypes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FhirError } from '../engine/outcome';
import { systemClock } from '../engine/types';
import type { AuthServiceOptions } from './service';
import { createTestServer, serviceClient } from './test-fixtures';
import type { AuthService } from './types';

/**
 * This file runs in jsdom because Medplum's client computes the S256 PKCE challenge with
 * window.btoa and keeps the verifier in sessionStorage: outside a browser it falls back to 'plain'.
 *
 * Medplum's own client, unchanged, against the fake server's auth service. FHIR reads are answered
 * by a tiny stand-in for the FHIR engine that only checks the bearer token, as the engine will.
 */
function connect(options: Partial<AuthServiceOptions> = {}): {
  medplum: MedplumClient;
  service: AuthService;
  tokenRequests: () => number;
} {
  // Medplum's client checks token expiry against the real time, so the server uses it too.
  const { service, directory } = createTestServer({ clock: systemClock, ...options });
  let tokenCalls = 0;
  const fhirStandIn = async (request: Request): Promise<Response> => {
    try {
      const context = await service.authenticate(request);
      const [, , , resourceType = '', id = ''] = new URL(request.url).pathname.split('/');
      const resource = directory.readResource(context.projectId, resourceType, id);
      if (!resource) return Response.json(new FhirError(404, 'Not found').toOutcome(), { status: 404 });
      return Response.json(resource);
    } catch (error) {
      if (error instanceof FhirError) return Response.json(error.toOutcome(), { status: error.status });
      throw error;
    }
  };
  const medplum = new MedplumClient({
    baseUrl: 'http://localhost/',
    clientId: 'carequeue-app',
    storage: new ClientStorage(new MemoryStorage()),
    fetch: async (url: string, init?: RequestInit) => {
      const request = new Request(url, init);
      if (new URL(url).pathname === '/oauth2/token') tokenCalls++;
      return (await service.handle(request)) ?? fhirStandIn(request);
    },
  });
  return { medplum, service, tokenRequests: () => tokenCalls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("Medplum's client against the fake server", () => {
  it('signs a doctor in with startLogin and processCode and loads her profile', async () => {
    const { medplum } = connect();
    const started = await medplum.startLogin({ email: 'doctor@example.com', password: 'password' });
    expect(started.code).toEqual(expect.any(String));

    const profile = await medplum.processCode(started.code as string);
    expect(profile).toMatchObject({ resourceType: 'Practitioner', id: 'alice' });
    expect(medplum.getProfile()?.id).toBe('alice');
    expect(medplum.getProject()).toMatchObject({ id: 'clinic', name: 'Riverside Clinic' });
    expect(medplum.isProjectAdmin()).toBe(false);
    expect(medplum.getActiveLogin()?.profile).toEqual({
      reference: 'Practitioner/alice',
      display: 'Alice Smith',
    });

    const read = await medplum.readResource('Practitioner', 'alice');
    expect((read as Practitioner).name?.[0]?.family).toBe('Smith');
  });

  it("shows the server's words for a wrong password", async () => {
    const { medplum } = connect();
    await expect(medplum.startLogin({ email: 'doctor@example.com', password: 'nope' })).rejects.toThrow(
      'Email or password is invalid'
    );
  });

  it('walks the MFA and profile-choice steps through its post method', async () => {
    const { medplum } = connect();
    const mfa = await medplum.startLogin({ email: 'mfa@example.com', password: 'password' });
    expect(mfa.mfaRequired).toBe(true);
    await expect(medplum.post('auth/mfa/verify', { login: mfa.login, token: '000000' })).rejects.toThrow(
      'Invalid MFA token'
    );
    const verified = await medplum.post('auth/mfa/verify', { login: mfa.login, token: '123456' });
    await medplum.processCode(verified.code);
    expect(medplum.getProfile()?.id).toBe('dan');

    const choice = await medplum.startLogin({ email: 'coordinator@example.com', password: 'password' });
    expect(choice.memberships).toHaveLength(2);
    const chosen = await medplum.post('auth/profile', {
      login: choice.login,
      profile: choice.memberships?.[1]?.id,
    });
    await medplum.processCode(chosen.code);
    expect(medplum.getProfile()?.id).toBe('carol-outreach');
    expect(medplum.getLogins()).toHaveLength(2);
  });

  it('refreshes an expired token by itself before the next call', async () => {
    const { medplum, tokenRequests } = connect();
    // Only 'Remember me' (or the offline_access scope) gets a refresh token, as on a real server.
    const started = await medplum.startLogin({
      email: 'doctor@example.com',
      password: 'password',
      remember: true,
    });
    await medplum.processCode(started.code as string);
    const before = tokenRequests();
    const firstToken = medplum.getAccessToken();

    // An hour passes for client and server alike (the server reads the same clock).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3600 * 1000);
    const read = await medplum.readResource('Practitioner', 'alice');

    expect(read.id).toBe('alice');
    expect(tokenRequests()).toBe(before + 1);
    expect(medplum.getAccessToken()).not.toBe(firstToken);
  });

  it('signs out: the old token no longer opens FHIR data', async () => {
    const { medplum, service } = connect();
    const started = await medplum.startLogin({ email: 'doctor@example.com', password: 'password' });
    await medplum.processCode(started.code as string);
    const token = medplum.getAccessToken() as string;

    await medplum.signOut();
    expect(medplum.getProfile()).toBeUndefined();
    await expect(
      service.authenticate(
        new Request('http://localhost/fhir/R4/Task', { headers: { Authorization: `Bearer ${token}` } })
      )
    ).rejects.toMatchObject({ status: 401 });
  });

  it('signs a bot in with startClientLogin', async () => {
    const { medplum } = connect();
    const profile = await medplum.startClientLogin(serviceClient.id, serviceClient.secret);
    expect(profile).toMatchObject({ resourceType: 'ClientApplication', id: 'reminder-bot' });
  });

  it('registers a new user and project with startNewUser and startNewProject', async () => {
    const { medplum } = connect();
    const registered = await medplum.startNewUser({
      firstName: 'Erin',
      lastName: 'Green',
      email: 'erin@example.com',
      password: 'long-enough-password',
      recaptchaToken: '',
    });
    const project = await medplum.startNewProject({ login: registered.login, projectName: 'Erin Home Care' });
    await medplum.processCode(project.code as string);
    expect(medplum.getProject()?.name).toBe('Erin Home Care');
    expect(medplum.isProjectAdmin()).toBe(true);
  });
});
