import type { Bundle, OperationOutcome, Parameters, Subscription, Task } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInByApi, type ApiSession } from '@tests/fixtures/api-sign-in';
import { startHttpHost } from '../http/host';
import { openTestSocket, statusType, type TestSocket } from './testing';
import { realtimeHosts as hosts, withHttpHost, type Host } from './test-hosts';

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function createSubscription(session: ApiSession, body: Partial<Subscription>): Promise<Subscription> {
  const response = await session.fetch('fhir/R4/Subscription', {
    method: 'POST',
    body: JSON.stringify({ resourceType: 'Subscription', status: 'active', reason: 'test', ...body }),
  });
  expect(response.status).toBe(201);
  return json<Subscription>(response);
}

function parameter(
  parameters: Parameters,
  name: string
): Parameters['parameter'] extends (infer P)[] | undefined ? P | undefined : never {
  return parameters.parameter?.find((p) => p.name === name);
}

describe.each(hosts)('$get-ws-binding-token on %s', (_name, start) => {
  let host: Host;
  beforeAll(async () => {
    host = await start();
  });
  afterAll(() => host.close());

  it('hands out a token, its expiry and the websocket URL beside the server', async () => {
    const subscription = await createSubscription(host.session, {
      criteria: 'Task',
      channel: { type: 'websocket' },
    });
    const response = await host.session.fetch(
      `fhir/R4/Subscription/${subscription.id}/$get-ws-binding-token`
    );
    expect(response.status).toBe(200);
    const parameters = await json<Parameters>(response);
    expect(parameter(parameters, 'token')?.valueString).toMatch(/^[\w-]{20,}$/);
    expect(Date.parse(parameter(parameters, 'expiration')?.valueDateTime ?? '')).toBeGreaterThan(Date.now());
    expect(parameter(parameters, 'subscription')?.valueString).toBe(subscription.id);
    const origin = new URL(host.baseUrl).host;
    expect(parameter(parameters, 'websocket-url')?.valueUrl).toBe(`ws://${origin}/ws/subscriptions-r4`);
  });

  it('refuses an unknown subscription with 400 and clear words', async () => {
    const response = await host.session.fetch('fhir/R4/Subscription/nope/$get-ws-binding-token');
    expect(response.status).toBe(400);
    const outcome = await json<OperationOutcome>(response);
    expect(outcome.issue?.[0]?.details?.text).toBe('Error reading subscription: Not found');
  });

  it('refuses a rest-hook subscription and criteria that are not a search', async () => {
    const restHook = await createSubscription(host.session, {
      criteria: 'Task',
      channel: { type: 'rest-hook', endpoint: 'https://example.org/hook' },
    });
    const first = await host.session.fetch(`fhir/R4/Subscription/${restHook.id}/$get-ws-binding-token`);
    expect(first.status).toBe(400);
    expect((await json<OperationOutcome>(first)).issue?.[0]?.details?.text).toContain('websocket');
    const badCriteria = await createSubscription(host.session, {
      criteria: 'Task?no-such-param=1',
      channel: { type: 'websocket' },
    });
    const second = await host.session.fetch(`fhir/R4/Subscription/${badCriteria.id}/$get-ws-binding-token`);
    expect(second.status).toBe(400);
    expect((await json<OperationOutcome>(second)).issue?.[0]?.details?.text).toContain(
      'Invalid subscription criteria'
    );
  });

  it('needs a bearer token', async () => {
    const response = await fetch(new URL('fhir/R4/Subscription/x/$get-ws-binding-token', host.baseUrl));
    expect(response.status).toBe(401);
  });
});

describe('websocket subscriptions on the HTTP host', () => {
  const http = withHttpHost();

  async function bind(
    criteria: string,
    extension?: Subscription['extension']
  ): Promise<{ socket: TestSocket; id: string; token: string }> {
    const subscription = await createSubscription(http.session, {
      criteria,
      channel: { type: 'websocket' },
      extension,
    });
    const parameters = await json<Parameters>(
      await http.session.fetch(`fhir/R4/Subscription/${subscription.id}/$get-ws-binding-token`)
    );
    const token = parameter(parameters, 'token')?.valueString ?? '';
    const socket = await openTestSocket(parameter(parameters, 'websocket-url')?.valueUrl ?? '');
    socket.send({ type: 'bind-with-token', payload: { token } });
    await socket.next((m) => statusType(m) === 'handshake', 'the handshake');
    return { socket, id: subscription.id ?? '', token };
  }

  async function createTask(status: Task['status'] = 'ready'): Promise<Task> {
    const response = await http.session.fetch('fhir/R4/Task', {
      method: 'POST',
      body: JSON.stringify({ resourceType: 'Task', status, intent: 'order', code: { text: 'Call back' } }),
    });
    return json<Task>(response);
  }

  it('a Task update arrives as a notification Bundle holding the status and the new version', async () => {
    const task = await createTask();
    const { socket, id } = await bind('Task');
    await http.session.fetch(`fhir/R4/Task/${task.id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...task, status: 'in-progress' }),
    });
    const bundle = await socket.next<Bundle>(
      (m) => statusType(m) === 'event-notification',
      'the notification'
    );
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'history' });
    expect(bundle.entry?.[0]?.resource).toMatchObject({
      resourceType: 'SubscriptionStatus',
      subscription: { reference: `Subscription/${id}` },
      notificationEvent: [{ focus: { reference: `Task/${task.id}` } }],
    });
    expect(bundle.entry?.[1]?.resource).toMatchObject({
      id: task.id,
      status: 'in-progress',
      meta: { versionId: '2' },
    });
    expect(bundle.entry?.[1]?.fullUrl).toBe(`${http.host.url}fhir/R4/Task/${task.id}`);
    socket.close();
  });

  it('sends only what the criteria match, and tells of deletes with the last version', async () => {
    const { socket } = await bind('Task?status=completed');
    const ready = await createTask('ready');
    const done = await createTask('completed');
    await http.session.fetch(`fhir/R4/Task/${done.id}`, { method: 'DELETE' });
    const created = await socket.next<Bundle>((m) => statusType(m) === 'event-notification');
    expect(created.entry?.[1]?.resource?.id).toBe(done.id);
    const deleted = await socket.next<Bundle>(
      (m) => statusType(m) === 'event-notification' && m !== created,
      'the delete notification'
    );
    expect(deleted.entry?.[1]?.resource).toMatchObject({ id: done.id, status: 'completed' });
    const ids = socket.messages.flatMap((m) =>
      (m as Bundle).entry?.[1]?.resource?.id ? [(m as Bundle).entry?.[1]?.resource?.id] : []
    );
    expect(ids).not.toContain(ready.id);
    socket.close();
  });

  it('keeps to the supported-interaction extension and stops after unbind-from-token', async () => {
    const { socket, token } = await bind('Task', [
      {
        url: 'https://medplum.com/fhir/StructureDefinition/subscription-supported-interaction',
        valueCode: 'create',
      },
    ]);
    const first = await createTask();
    await http.session.fetch(`fhir/R4/Task/${first.id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...first, status: 'on-hold' }),
    });
    const created = await socket.next<Bundle>((m) => statusType(m) === 'event-notification');
    expect(created.entry?.[1]?.resource).toMatchObject({ id: first.id, status: 'ready' });
    socket.send({ type: 'unbind-from-token', payload: { token } });
    socket.send({ type: 'ping' });
    await socket.next((m) => m.type === 'pong');
    const before = socket.messages.length;
    await createTask();
    socket.send({ type: 'ping' });
    await socket.next((m) => m.type === 'pong' && socket.messages.indexOf(m) >= before);
    expect(socket.messages.slice(before).every((m) => (m as { type?: string }).type === 'pong')).toBe(true);
    expect(socket.messages.filter((m) => statusType(m) === 'event-notification')).toHaveLength(1);
    socket.close();
  });

  it('answers a bad token and a malformed message with OperationOutcome words, and a ping with pong', async () => {
    const socket = await openTestSocket(`${http.host.url.replace('http', 'ws')}ws/subscriptions-r4`);
    socket.send({ type: 'bind-with-token', payload: { token: 'forged' } });
    const refused = await socket.next<OperationOutcome>((m) => m.resourceType === 'OperationOutcome');
    expect(refused.issue?.[0]?.details?.text).toBe('Token failed to validate. Check token expiry.');
    socket.send('not json');
    const malformed = await socket.next<OperationOutcome>(
      (m) => m !== refused && m.resourceType === 'OperationOutcome'
    );
    expect(malformed.issue?.[0]?.details?.text).toContain('bind-with-token');
    socket.send({ type: 'ping' });
    expect(await socket.next((m) => m.type === 'pong')).toEqual({ type: 'pong' });
    socket.close();
  });

  it('closes a socket that sends a frame over the size limit, and refuses an unknown websocket path with 404', async () => {
    const socket = await openTestSocket(`${http.host.url.replace('http', 'ws')}ws/subscriptions-r4`);
    socket.send('x'.repeat(64 * 1024));
    expect(await socket.closed).toBe(1009);
    await expect(openTestSocket(`${http.host.url.replace('http', 'ws')}ws/nothing-here`)).rejects.toThrow(
      '404'
    );
  });

  it('sends heartbeats naming the bound subscriptions', async () => {
    const beating = await startHttpHost({ port: 0, heartbeatMs: 20 });
    try {
      const doctor = await signInByApi(beating.url, 'doctor@example.com');
      const subscription = await createSubscription(doctor, {
        criteria: 'Task',
        channel: { type: 'websocket' },
      });
      const parameters = await json<Parameters>(
        await doctor.fetch(`fhir/R4/Subscription/${subscription.id}/$get-ws-binding-token`)
      );
      const socket = await openTestSocket(parameter(parameters, 'websocket-url')?.valueUrl ?? '');
      socket.send({
        type: 'bind-with-token',
        payload: { token: parameter(parameters, 'token')?.valueString },
      });
      const heartbeat = await socket.next<Bundle>((m) => statusType(m) === 'heartbeat', 'a heartbeat');
      expect(heartbeat.entry?.[0]?.resource).toMatchObject({
        subscription: { reference: `Subscription/${subscription.id}` },
      });
      socket.close();
    } finally {
      await beating.close();
    }
  });
});
