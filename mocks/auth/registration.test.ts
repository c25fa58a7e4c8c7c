import { describe, expect, it } from 'vitest';
import type { AuthService } from './types';
import {
  allowOpenRegistration,
  type Answer,
  createTestServer,
  exchangeCode,
  getJson,
  outcomeText,
  pkcePair,
  postJson,
} from './test-fixtures';

function newUserBody(email: string, challenge: string): Record<string, unknown> {
  return {
    firstName: 'Erin',
    lastName: 'Green',
    email,
    password: 'long-enough-password',
    recaptchaToken: '',
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
  };
}

/** POST auth/newuser for `email`, with a fresh PKCE challenge unless one is given; `more` overrides fields. */
function register(
  service: AuthService,
  email: string,
  more: Record<string, unknown> = {},
  challenge = pkcePair().challenge
): Promise<Answer> {
  return postJson(service, 'auth/newuser', { ...newUserBody(email, challenge), ...more });
}

describe('registering a new user and project', () => {
  it('creates the project, a Practitioner profile and an admin membership, then signs the user in', async () => {
    const { service, directory } = createTestServer();
    const { verifier, challenge } = pkcePair();

    const registered = await register(service, 'erin@example.com', {}, challenge);
    expect(registered).toEqual({ status: 200, body: { login: expect.any(String) } });

    const created = await postJson(service, 'auth/newproject', {
      login: registered.body.login,
      projectName: 'Erin Home Care',
    });
    expect(created.body).toEqual({ login: registered.body.login, code: expect.any(String) });

    const tokens = await exchangeCode(service, created.body.code, verifier);
    expect(tokens.status).toBe(200);
    const projectId = (tokens.body.project.reference as string).replace('Project/', '');
    expect(directory.project(projectId)?.name).toBe('Erin Home Care');

    const me = await getJson(service, 'auth/me', tokens.body.access_token);
    expect(me.body).toMatchObject({
      user: { email: 'erin@example.com', firstName: 'Erin', lastName: 'Green' },
      profile: {
        resourceType: 'Practitioner',
        name: [{ given: ['Erin'], family: 'Green' }],
        telecom: [{ system: 'email', value: 'erin@example.com' }],
      },
      project: { id: projectId, name: 'Erin Home Care' },
      membership: { admin: true, profile: { display: 'Erin Green' } },
    });
    expect(directory.readResource(projectId, 'Practitioner', me.body.profile.id)).toBeDefined();
  });

  it('lets the new user sign in with the password chosen at registration', async () => {
    const { service } = createTestServer();
    const registered = await register(service, 'erin@example.com');
    await postJson(service, 'auth/newproject', {
      login: registered.body.login,
      projectName: 'Erin Home Care',
    });

    const login = await postJson(service, 'auth/login', {
      email: 'erin@example.com',
      password: 'long-enough-password',
      codeChallenge: pkcePair().challenge,
      codeChallengeMethod: 'S256',
    });
    expect(login.body.code).toEqual(expect.any(String));
  });

  it("shows 'Email already registered' for an e-mail that has an account", async () => {
    const { service } = createTestServer();
    const registered = await register(service, 'Doctor@example.com');
    expect(registered.status).toBe(400);
    expect(outcomeText(registered.body)).toBe('Email already registered');
    expect(registered.body.issue[0].expression).toEqual(['email']);
  });

  it('refuses a short password and a blank name, naming the field', async () => {
    const { service } = createTestServer();
    const short = await register(service, 'erin@example.com', { password: 'short' });
    expect(outcomeText(short.body)).toBe('Password must be between 8 and 72 characters');
    const blank = await register(service, 'erin@example.com', { firstName: ' ' });
    expect(blank.body.issue[0].expression).toEqual(['firstName']);
  });

  it('refuses a new project without a name', async () => {
    const { service } = createTestServer();
    const registered = await register(service, 'erin@example.com');
    const created = await postJson(service, 'auth/newproject', {
      login: registered.body.login,
      projectName: '',
    });
    expect(created.status).toBe(400);
    expect(outcomeText(created.body)).toBe('Project name cannot be blank');
  });

  it('registers a patient into an existing project that allows open registration', async () => {
    const { service, directory } = createTestServer();
    allowOpenRegistration(directory, 'clinic');
    const { verifier, challenge } = pkcePair();
    const registered = await register(service, 'patient@example.com', { projectId: 'clinic' }, challenge);
    const joined = await postJson(service, 'auth/newpatient', {
      login: registered.body.login,
      projectId: 'clinic',
    });
    const tokens = await exchangeCode(service, joined.body.code, verifier);
    expect(tokens.body.profile.reference).toMatch(/^Patient\//);
    const patientId = (tokens.body.profile.reference as string).split('/')[1] ?? '';
    expect(directory.readResource('clinic', 'Patient', patientId)).toMatchObject({
      name: [{ family: 'Green' }],
    });
    const me = await getJson(service, 'auth/me', tokens.body.access_token);
    expect(me.body.membership).toMatchObject({
      admin: false,
      accessPolicy: { reference: 'AccessPolicy/patient-policy' },
    });
  });

  it('does not let a stranger sign up into a project that takes no self-registration (auth/newuser with its id)', async () => {
    const { service, directory } = createTestServer();
    const registered = await register(service, 'intruder@example.com', { projectId: 'clinic' });
    expect(registered.status).toBe(400);
    expect(outcomeText(registered.body)).toBe('Project does not allow open registration');
    const login = await postJson(service, 'auth/login', {
      email: 'intruder@example.com',
      password: 'long-enough-password',
      codeChallenge: pkcePair().challenge,
      codeChallengeMethod: 'S256',
    });
    expect(login.status).toBe(400);
    expect([...directory.resources.keys()].some((key) => key.startsWith('clinic/Patient/'))).toBe(false);
  });

  it('does not let a new user join a closed project as a patient (auth/newuser, then auth/newpatient)', async () => {
    const { service, directory } = createTestServer();
    const registered = await register(service, 'intruder@example.com');
    expect(registered.status).toBe(200);
    const joined = await postJson(service, 'auth/newpatient', {
      login: registered.body.login,
      projectId: 'clinic',
    });
    expect(joined.status).toBe(400);
    expect(outcomeText(joined.body)).toBe('Project does not allow open registration');
    expect(joined.body.code).toBeUndefined();
    expect([...directory.resources.keys()].some((key) => key.startsWith('clinic/Patient/'))).toBe(false);
  });
});
