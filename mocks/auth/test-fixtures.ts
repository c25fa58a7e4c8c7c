import { createHash, randomBytes } from 'node:crypto';
import type { Resource } from '@medplum/fhirtypes';
import type { SeedProject, SeedUser } from '../seed/types';
import { createAuthService, type AuthServiceOptions } from './service';
import type { AuthClient, AuthService, ProjectDirectory } from './types';
import { ManualClock } from '@/fhir/testing/manual-clock';

/** An in-memory stand-in for the FHIR store's project directory. */
export class FakeDirectory implements ProjectDirectory {
  readonly projects = new Map<string, SeedProject>();
  readonly resources = new Map<string, Resource>();
  private nextId = 1;

  constructor(projects: SeedProject[], resources: { projectId: string; resource: Resource }[]) {
    for (const project of projects) this.projects.set(project.id, project);
    for (const { projectId, resource } of resources)
      this.resources.set(this.key(projectId, resource), resource);
  }

  readResource(projectId: string, resourceType: string, id: string): Resource | undefined {
    return this.resources.get(`${projectId}/${resourceType}/${id}`);
  }
  createResource<T extends Resource>(projectId: string, resource: T): T {
    const created = { ...resource, id: `new-${this.nextId++}` };
    this.resources.set(this.key(projectId, created), created);
    return created;
  }
  createProject(name: string): SeedProject {
    const project = { id: `project-${this.nextId++}`, name };
    this.projects.set(project.id, project);
    return project;
  }
  project(projectId: string): SeedProject | undefined {
    return this.projects.get(projectId);
  }
  private key(projectId: string, resource: Resource): string {
    return `${projectId}/${resource.resourceType}/${resource.id ?? ''}`;
  }
}

/** Lets patients sign themselves up to a project, as its admin would: a default patient access policy. */
export function allowOpenRegistration(directory: FakeDirectory, projectId: string): void {
  directory.resources.set(`${projectId}/AccessPolicy/patient-policy`, {
    resourceType: 'AccessPolicy',
    id: 'patient-policy',
    name: 'Patients see their own records',
    resource: [{ resourceType: 'Patient', criteria: 'Patient?_id=%patient.id' }],
  });
  directory.resources.set(`${projectId}/Project/${projectId}`, {
    resourceType: 'Project',
    id: projectId,
    defaultPatientAccessPolicy: { reference: 'AccessPolicy/patient-policy' },
  });
}

export const clinic: SeedProject = { id: 'clinic', name: 'Riverside Clinic' };
export const outreach: SeedProject = { id: 'outreach', name: 'Community Outreach' };

const practitioner = (id: string, given: string, family: string): Resource => ({
  resourceType: 'Practitioner',
  id,
  name: [{ given: [given], family }],
});

export const testUsers: SeedUser[] = [
  {
    id: 'user-doctor',
    email: 'doctor@example.com',
    password: 'password',
    firstName: 'Alice',
    lastName: 'Smith',
    memberships: [
      {
        id: 'm-doctor',
        projectId: 'clinic',
        profile: { reference: 'Practitioner/alice', display: 'Alice Smith' },
      },
    ],
  },
  {
    id: 'user-coordinator',
    email: 'coordinator@example.com',
    password: 'password',
    firstName: 'Carol',
    lastName: 'White',
    memberships: [
      {
        id: 'm-coord-clinic',
        projectId: 'clinic',
        profile: { reference: 'Practitioner/carol', display: 'Carol White' },
        admin: true,
      },
      {
        id: 'm-coord-outreach',
        projectId: 'outreach',
        profile: { reference: 'Practitioner/carol-outreach', display: 'Carol White (Outreach)' },
      },
    ],
  },
  {
    id: 'user-mfa',
    email: 'mfa@example.com',
    password: 'password',
    firstName: 'Dan',
    lastName: 'Brown',
    mfaCode: '123456',
    memberships: [
      { id: 'm-mfa', projectId: 'clinic', profile: { reference: 'Practitioner/dan', display: 'Dan Brown' } },
    ],
  },
];

export const serviceClient: AuthClient = {
  id: 'reminder-bot',
  secret: 'bot-secret',
  name: 'Reminder bot',
  projectId: 'clinic',
};

export interface TestServer {
  service: AuthService;
  directory: FakeDirectory;
  clock: ManualClock;
}

export function createTestServer(overrides: Partial<AuthServiceOptions> = {}): TestServer {
  const clock = new ManualClock(Date.parse('2026-03-02T09:00:00Z'));
  const directory = new FakeDirectory(
    [clinic, outreach],
    [
      { projectId: 'clinic', resource: practitioner('alice', 'Alice', 'Smith') },
      { projectId: 'clinic', resource: practitioner('carol', 'Carol', 'White') },
      { projectId: 'outreach', resource: practitioner('carol-outreach', 'Carol', 'White') },
      { projectId: 'clinic', resource: practitioner('dan', 'Dan', 'Brown') },
    ]
  );
  const service = createAuthService({
    directory,
    users: testUsers,
    clients: [serviceClient],
    clock,
    secret: 'test-signing-secret',
    ...overrides,
  });
  return { service, directory, clock };
}

/** A PKCE pair computed independently of the service's own code. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export interface Answer {
  status: number;
  // Answers are arbitrary JSON; tests read the fields they expect.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

async function answer(response: Response | undefined): Promise<Answer> {
  if (!response) throw new Error('The auth service did not answer this path');
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

export async function postJson(
  service: AuthService,
  path: string,
  body: unknown,
  token?: string
): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  return answer(
    await service.handle(
      new Request(`http://localhost/${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    )
  );
}

export async function getJson(service: AuthService, path: string, token?: string): Promise<Answer> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  return answer(await service.handle(new Request(`http://localhost/${path}`, { headers })));
}

/** The last step of every sign-in: trade the code for tokens with the PKCE verifier. */
export function exchangeCode(
  service: AuthService,
  code: string,
  verifier: string,
  more: Record<string, string> = {}
): Promise<Answer> {
  return postToken(service, { grant_type: 'authorization_code', code, code_verifier: verifier, ...more });
}

/** A FHIR request carrying an access token. */
export const bearerRequest = (token: string): Request =>
  new Request('http://localhost/fhir/R4/Task', { headers: { Authorization: `Bearer ${token}` } });

export async function postToken(
  service: AuthService,
  form: Record<string, string>,
  headers: Record<string, string> = {}
): Promise<Answer> {
  return answer(
    await service.handle(
      new Request('http://localhost/oauth2/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(form).toString(),
      })
    )
  );
}

/** The first text of an OperationOutcome answer. */
export function outcomeText(body: { issue?: { details?: { text?: string } }[] }): string | undefined {
  return body.issue?.[0]?.details?.text;
}

/** Signs in with e-mail and password up to the authorization code, as a sign-in screen would. */
export async function signInForCode(
  service: AuthService,
  email: string,
  options: { clientId?: string; scope?: string; projectId?: string } = {}
): Promise<{ code: string; verifier: string; login: string }> {
  const { verifier, challenge } = pkcePair();
  const started = await postJson(service, 'auth/login', {
    email,
    password: 'password',
    remember: true,
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
    ...options,
  });
  if (!started.body?.code) throw new Error(`No code for ${email}: ${JSON.stringify(started.body)}`);
  return { code: started.body.code, verifier, login: started.body.login };
}

/** Signs in all the way to tokens. */
export async function signIn(service: AuthService, email: string): Promise<Answer> {
  const { code, verifier } = await signInForCode(service, email);
  return postToken(service, { grant_type: 'authorization_code', code, code_verifier: verifier });
}
