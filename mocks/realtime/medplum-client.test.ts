import { ClientStorage, MedplumClient, MemoryStorage, type FhircastMessagePayload } from '@medplum/core';
import type { Bundle, Task } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { signInByApi } from '@tests/fixtures/api-sign-in';
import { startHttpHost, type HttpHost } from '../http/host';

/**
 * Medplum's own client, unchanged, against the HTTP host: live updates through subscribeToCriteria
 * and context sync through its FHIRcast calls. Node 20 has no WebSocket of its own, so the `ws`
 * package stands in for the browser's.
 */
let host: HttpHost;
let medplum: MedplumClient;

beforeAll(async () => {
  vi.stubGlobal('WebSocket', WebSocket);
  host = await startHttpHost({ port: 0, heartbeatMs: 0 });
  const session = await signInByApi(host.url, 'doctor@example.com');
  medplum = new MedplumClient({
    baseUrl: host.url,
    storage: new ClientStorage(new MemoryStorage()),
    cacheTime: 0,
  });
  await medplum.setActiveLogin({
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    profile: { reference: session.profile },
    project: { reference: 'Project/clinic' },
  });
});

afterAll(async () => {
  medplum.getSubscriptionManager().closeWebSocket();
  await host.close();
  vi.unstubAllGlobals();
});

function nextEvent<T>(
  target: EventTarget | { addEventListener: EventTarget['addEventListener'] },
  type: string
): Promise<T> {
  return new Promise((resolve) => {
    const listener = (event: Event): void => {
      (target as EventTarget).removeEventListener(type, listener);
      resolve(event as unknown as T);
    };
    target.addEventListener(type, listener);
  });
}

describe("Medplum's client on the fake server's websockets", () => {
  it('subscribeToCriteria: a Task update arrives as a notification', async () => {
    const task = await medplum.createResource<Task>({
      resourceType: 'Task',
      status: 'ready',
      intent: 'order',
    });
    const emitter = medplum.subscribeToCriteria(`Task?_id=${task.id}`);
    await nextEvent(emitter, 'connect');
    const arrived = nextEvent<{ payload: Bundle }>(emitter, 'message');
    await medplum.updateResource<Task>({ ...task, status: 'in-progress' });
    const { payload } = await arrived;
    expect(payload.entry?.[1]?.resource).toMatchObject({ id: task.id, status: 'in-progress' });
    medplum.unsubscribeFromCriteria(`Task?_id=${task.id}`);
    expect(medplum.getSubscriptionManager().getCriteriaCount()).toBe(0);
  });

  it('FHIRcast: subscribe, connect, publish Patient-open, read the context and unsubscribe', async () => {
    const topic = `topic-${crypto.randomUUID()}`;
    const request = await medplum.fhircastSubscribe(topic, ['Patient-open']);
    expect(request.endpoint).toMatch(/^ws:\/\//);
    const connection = medplum.fhircastConnect(request);
    await nextEvent(connection, 'connect');
    const received = nextEvent<{ payload: FhircastMessagePayload }>(connection, 'message');
    const patient = { resourceType: 'Patient' as const, id: 'p-1' };
    await medplum.fhircastPublish(topic, 'Patient-open', [{ key: 'patient', resource: patient }]);
    const { payload } = await received;
    expect(payload.event).toMatchObject({ 'hub.topic': topic, 'hub.event': 'Patient-open' });
    const context = await medplum.fhircastGetContext(topic);
    expect(context).toMatchObject({
      'context.type': 'Patient',
      context: [{ key: 'patient', resource: patient }],
    });
    const gone = nextEvent(connection, 'disconnect');
    await medplum.fhircastUnsubscribe(request);
    await gone;
  });
});
