import type {
  Bundle,
  Observation,
  OperationOutcome,
  Parameters,
  Patient,
  Subscription,
} from '@medplum/fhirtypes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInByApi, type ApiSession } from '@tests/fixtures/api-sign-in';
import { FhirError } from '@mocks/engine/outcome';
import { errorAnswer } from '@mocks/routing/route-table';
import type { RequestContext } from '@mocks/engine/types';
import { MAIN_PROJECT_ID, RIVERSIDE_PROJECT_ID } from '@mocks/seed/constants';
import { createFakeServer, type FakeServer } from '@mocks/server';
import { MAX_SOCKETS, type RealtimeSocket } from '.';

const BASE = 'http://localhost:3000/';
let fake: FakeServer;
let session: ApiSession;

/** A socket held in memory: what the server sent, and whether it closed it. */
function memorySocket(): RealtimeSocket & { sent: Record<string, unknown>[]; closedWith?: number } {
  const socket = {
    sent: [] as Record<string, unknown>[],
    closedWith: undefined as number | undefined,
    send: (text: string) => socket.sent.push(JSON.parse(text) as Record<string, unknown>),
    close: (code?: number) => {
      socket.closedWith = code;
    },
  };
  return socket;
}

beforeEach(async () => {
  fake = createFakeServer({ heartbeatMs: 0 });
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) =>
    (await fake.handle(new Request(input, init))) ??
    new Response('Not found', { status: 404 })) as typeof fetch;
  session = await signInByApi(BASE, 'doctor@example.com', { fetchImpl });
});

afterEach(() => {
  fake.realtime.dispose();
  fake.bots.dispose();
});

/** The doctor's new active websocket subscription to these criteria; its id. */
async function websocketSubscription(criteria: string): Promise<string> {
  const created = await session.fetch('fhir/R4/Subscription', {
    method: 'POST',
    body: JSON.stringify({
      resourceType: 'Subscription',
      status: 'active',
      reason: 'r',
      criteria,
      channel: { type: 'websocket' },
    }),
  });
  return ((await created.json()) as Subscription).id as string;
}

async function bindingToken(): Promise<string> {
  const id = await websocketSubscription('Task');
  const answer = await session.fetch(`fhir/R4/Subscription/${id}/$get-ws-binding-token`);
  const parameters = (await answer.json()) as Parameters;
  return parameters.parameter?.find((p) => p.name === 'token')?.valueString ?? '';
}

function attach(socket: RealtimeSocket, path = 'ws/subscriptions-r4') {
  const opening = fake.realtime.open(`${BASE}${path}`);
  if (opening instanceof FhirError) throw opening;
  return opening.attach(socket);
}

describe('the realtime service', () => {
  it('refuses a binding token once its hour is over', async () => {
    const token = await bindingToken();
    fake.clock.advance(60 * 60 * 1000 + 1);
    const socket = memorySocket();
    attach(socket).receive(JSON.stringify({ type: 'bind-with-token', payload: { token } }));
    expect(socket.sent).toEqual([
      expect.objectContaining({
        resourceType: 'OperationOutcome',
        issue: [
          expect.objectContaining({ details: { text: 'Token failed to validate. Check token expiry.' } }),
        ],
      }),
    ]);
  });

  it('refuses one socket more than the limit with 503 and takes one again when a socket closes', () => {
    const sessions = Array.from({ length: MAX_SOCKETS }, () => attach(memorySocket()));
    const refused = fake.realtime.open(`${BASE}ws/subscriptions-r4`);
    expect(refused).toBeInstanceOf(FhirError);
    expect((refused as FhirError).status).toBe(503);
    sessions[0]?.closed();
    expect(fake.realtime.open(`${BASE}ws/subscriptions-r4`)).not.toBeInstanceOf(FhirError);
  });

  it('closes every socket when the server is reseeded, so nobody keeps listening to old data', async () => {
    const token = await bindingToken();
    const socket = memorySocket();
    attach(socket).receive(JSON.stringify({ type: 'bind-with-token', payload: { token } }));
    const reset = await session.fetch('$fake/reset', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(reset?.status).toBe(200);
    expect(socket.closedWith).toBe(1012);
    expect(fake.realtime.socketCount).toBe(0);
  });

  it('notifies nobody in another project', async () => {
    const token = await bindingToken();
    const socket = memorySocket();
    attach(socket).receive(JSON.stringify({ type: 'bind-with-token', payload: { token } }));
    fake.engine.createResource(RIVERSIDE_PROJECT_ID, {
      resourceType: 'Task',
      status: 'ready',
      intent: 'order',
    });
    fake.engine.createResource(MAIN_PROJECT_ID, { resourceType: 'Task', status: 'ready', intent: 'order' });
    await vi.waitFor(() => expect(notifications(socket)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notifications(socket)).toHaveLength(1);
  });
});

const notifications = (socket: { sent: Record<string, unknown>[] }): Bundle[] =>
  socket.sent.filter((m) => JSON.stringify(m).includes('event-notification')) as unknown as Bundle[];

describe('notifications carry only what the subscriber may read', () => {
  /** A patient's policy in Medplum's form: their compartment, observation values hidden. */
  const patientReader = (patientId: string, withSubscriptions = true): RequestContext => ({
    projectId: MAIN_PROJECT_ID,
    profile: { reference: `Patient/${patientId}` },
    login: `login-${patientId}`,
    clientId: '',
    accessPolicy: {
      resourceType: 'AccessPolicy',
      resource: [
        { resourceType: 'Patient', compartment: { reference: `Patient/${patientId}` } },
        {
          resourceType: 'Observation',
          compartment: { reference: `Patient/${patientId}` },
          hiddenFields: ['valueString'],
        },
        ...(withSubscriptions ? [{ resourceType: 'Subscription' as const }] : []),
      ],
    },
  });
  const observation = (patientId: string, value: string): Observation => ({
    resourceType: 'Observation',
    status: 'final',
    code: { text: 'Mood' },
    subject: { reference: `Patient/${patientId}` },
    valueString: value,
  });

  async function tokenFor(reader: RequestContext, subscriptionId: string): Promise<Response> {
    const request = new Request(`${BASE}fhir/R4/Subscription/${subscriptionId}/$get-ws-binding-token`);
    const answer = await fake.realtime.bindingToken(request, reader, subscriptionId).catch(errorAnswer);
    if (!answer) throw new Error('The binding-token operation was not answered');
    return answer;
  }

  it('a patient hears only of their own compartment, without the fields their policy hides', async () => {
    const mine = fake.engine.createResource<Patient>(MAIN_PROJECT_ID, {
      resourceType: 'Patient',
      name: [{ family: 'Mine' }],
    });
    const other = fake.engine.createResource<Patient>(MAIN_PROJECT_ID, {
      resourceType: 'Patient',
      name: [{ family: 'Other' }],
    });
    const answer = await tokenFor(
      patientReader(mine.id as string),
      await websocketSubscription('Observation')
    );
    expect(answer.status).toBe(200);
    const token = ((await answer.json()) as Parameters).parameter?.find(
      (p) => p.name === 'token'
    )?.valueString;
    const socket = memorySocket();
    attach(socket).receive(JSON.stringify({ type: 'bind-with-token', payload: { token } }));

    fake.engine.createResource(MAIN_PROJECT_ID, observation(other.id as string, 'theirs'));
    const own = fake.engine.createResource(MAIN_PROJECT_ID, observation(mine.id as string, 'private'));
    await vi.waitFor(() => expect(notifications(socket)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notifications(socket)).toHaveLength(1);
    const sent = notifications(socket)[0]?.entry?.[1]?.resource as Observation;
    expect(sent.id).toBe(own.id);
    expect(sent.subject?.reference).toBe(`Patient/${mine.id}`);
    expect(sent).not.toHaveProperty('valueString');
  });

  it('gives no binding token for a subscription the caller may not read', async () => {
    const answer = await tokenFor(
      patientReader('someone', false),
      await websocketSubscription('Observation')
    );
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as OperationOutcome).issue?.[0]?.details?.text).toBe(
      'Error reading subscription: Not found'
    );
  });
});
