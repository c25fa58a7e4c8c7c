import type { Communication, Patient, Practitioner, Reference, Resource } from '@medplum/fhirtypes';
import type { BotClient } from '../../bots/types';
import { createFhirEngine, type FhirEngine } from '../engine';
import type { RequestContext } from '../engine/types';
import { createFakeServer, type FakeServer, type FakeServerOptions } from '../server';
import { signUpByApi, type NewProjectSession } from '../../tests/fixtures/api-sign-up';
import { engineCaller, inProcessBotClient } from './client';

export const TEST_PROJECT = 'project-bots';
export const TEST_BASE = 'http://localhost/fhir/R4/';
export const MINUTE = 60_000;

/** An engine with one empty project and a bot client bound to it (real time, as the handler's Date). */
export function botHarness(): { engine: FhirEngine; medplum: BotClient; context: RequestContext } {
  const engine = createFhirEngine();
  engine.load({ projects: [{ id: TEST_PROJECT, name: 'Bot tests' }], resources: [] });
  const context: RequestContext = {
    projectId: TEST_PROJECT,
    profile: { reference: 'Bot/test-bot', display: 'test bot' },
    login: '',
    clientId: '',
  };
  return { engine, medplum: inProcessBotClient(engineCaller(engine, context, TEST_BASE)), context };
}

export function reference<T extends Resource>(resource: T): Reference<T> {
  return { reference: `${resource.resourceType}/${resource.id}` } as Reference<T>;
}

/** A patient thread: messages alternate as given, `minutesAgo` oldest first. */
export async function thread(
  medplum: BotClient,
  patient: Patient,
  messages: { from: Patient | Practitioner; minutesAgo: number; text?: string }[],
  now = Date.now()
): Promise<Communication> {
  const header = await medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'in-progress',
    subject: reference(patient),
    topic: { text: 'Prescription Refill' },
  });
  for (const message of messages) {
    await medplum.createResource<Communication>({
      resourceType: 'Communication',
      status: 'in-progress',
      partOf: [reference(header)],
      subject: reference(patient),
      sender: reference(message.from),
      payload: [{ contentString: message.text ?? 'Hello' }],
      sent: new Date(now - message.minutesAgo * MINUTE).toISOString(),
    });
  }
  return header;
}

export interface FakeServerSession extends NewProjectSession {
  fake: FakeServer;
  /** A FHIR call with the session's token, path below /fhir/R4/. */
  fhir(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
}

/** A fake server (no seed) answering in-process, with a new user who owns a new, empty project. */
export async function newProjectOnFakeServer(options: FakeServerOptions = {}): Promise<FakeServerSession> {
  const fake = createFakeServer({ seed: 'none', ...options });
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) =>
    (await fake.handle(new Request(input, init))) ??
    new Response('Not found', { status: 404 })) as typeof fetch;
  const session = await signUpByApi('http://localhost/', { fetchImpl });
  return {
    ...session,
    fake,
    async fhir(method, path, body) {
      const response = await session.fetch(path.startsWith('admin/') ? path : `fhir/R4/${path}`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? (JSON.parse(text) as unknown) : undefined;
      } catch {
        // a text answer stays text
      }
      return { status: response.status, body: parsed };
    },
  };
}

/** Creates a bot through the admin API and deploys `code` to it; answers the bot's id. */
export async function deployBot(session: FakeServerSession, name: string, code: string): Promise<string> {
  const created = await session.fhir('POST', `admin/projects/${session.projectId}/bot`, { name });
  if (created.status !== 201) throw new Error(`creating bot ${name}: ${JSON.stringify(created.body)}`);
  const id = (created.body as { id: string }).id;
  const deployed = await session.fhir('POST', `Bot/${id}/$deploy`, { code });
  if (deployed.status !== 200) throw new Error(`deploying bot ${name}: ${JSON.stringify(deployed.body)}`);
  return id;
}

/** Creates a resource in the session's project; the test stops when the server refuses it. */
export async function create(session: FakeServerSession, resource: Resource): Promise<{ id: string }> {
  const created = await session.fhir('POST', resource.resourceType, resource);
  if (created.status !== 201)
    throw new Error(`creating ${resource.resourceType}: ${JSON.stringify(created.body)}`);
  return created.body as { id: string };
}

export function issueText(body: unknown): string {
  return (body as { issue?: { details?: { text?: string } }[] })?.issue?.[0]?.details?.text ?? '';
}
