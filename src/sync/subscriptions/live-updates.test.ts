import type { Resource, Task } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startHttpHost, type HttpHost } from '@mocks/http/host';
import { signInByApi } from '@tests/fixtures/api-sign-in';
import { ApiClient } from '../client';
import { FhirClient } from '../fhir';
import { SubscriptionManager, type WebSocketConstructor } from '.';

/** The manager with the app's own FHIR client, against the `npm start` host over a real socket. */
let host: HttpHost;
let fhir: FhirClient;

beforeAll(async () => {
  host = await startHttpHost({ port: 0, heartbeatMs: 0 });
  const client = new ApiClient({ baseUrl: host.url, clientId: 'carequeue-web' });
  const answer = await client.signIn.login({ email: 'nurse@example.com', password: 'password' });
  if (!answer.code) throw new Error('Sign-in gave no code');
  await client.signIn.complete(answer.code);
  fhir = new FhirClient({ client });
});

afterAll(() => host.close());

describe('live updates against the HTTP host', () => {
  it("another user's change to a watched Task reaches the subscriber as the changed resource", async () => {
    const manager = new SubscriptionManager({
      fhir,
      WebSocket: WebSocket as unknown as WebSocketConstructor,
    });
    const { resource: task } = await fhir.create<Task>({
      resourceType: 'Task',
      status: 'ready',
      intent: 'order',
    });
    const sub = manager.subscribe(`Task?_id=${task.id}`);
    await new Promise<void>((resolve) => sub.on('connect', () => resolve()));
    const changed = new Promise<Resource | undefined>((resolve) =>
      sub.on('message', ({ resource }) => resolve(resource))
    );
    const other = await fetchAsDoctor(`fhir/R4/Task/${task.id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...task, status: 'on-hold' }),
    });
    expect(other.status).toBe(200);
    expect(await changed).toMatchObject({ id: task.id, status: 'on-hold', meta: { versionId: '2' } });
    sub.remove();
    expect(manager.criteriaCount).toBe(0);
  });
});

async function fetchAsDoctor(path: string, init: RequestInit): Promise<Response> {
  const doctor = await signInByApi(host.url, 'doctor@example.com');
  return doctor.fetch(path, init);
}
