import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startHttpHost, type HttpHost } from '@mocks/http/host';
import { ApiClient } from '../client';
import type { WebSocketConstructor } from '../subscriptions';
import { FhircastClient, FhircastError, type FhircastMessage } from '.';

let host: HttpHost;
let fhircast: FhircastClient;
let requests = 0;

const patient = { resourceType: 'Patient', id: 'p-9' };

beforeAll(async () => {
  host = await startHttpHost({ port: 0, heartbeatMs: 0 });
  const counting = (url: string, init?: RequestInit): Promise<Response> => {
    if (url.includes('/fhircast/')) requests++;
    return fetch(url, init);
  };
  const client = new ApiClient({ baseUrl: host.url, clientId: 'carequeue-web', fetch: counting });
  const answer = await client.signIn.login({ email: 'doctor@example.com', password: 'password' });
  if (!answer.code) throw new Error('Sign-in gave no code');
  await client.signIn.complete(answer.code);
  fhircast = new FhircastClient({ http: client, WebSocket: WebSocket as unknown as WebSocketConstructor });
});

afterAll(() => host.close());

describe('FhircastClient', () => {
  it('subscribes, receives a published event, reads the context and is told when unsubscribed', async () => {
    const subscription = await fhircast.subscribe('ward-3', ['Patient-open', 'Patient-close']);
    const connection = fhircast.connect(subscription);
    await new Promise<void>((resolve) => connection.on('connect', () => resolve()));
    const received = new Promise<FhircastMessage>((resolve) => connection.on('message', resolve));
    await fhircast.publish('ward-3', 'Patient-open', [{ key: 'patient', resource: patient }]);
    expect((await received).event).toMatchObject({
      'hub.event': 'Patient-open',
      context: [{ key: 'patient' }],
    });
    expect(await fhircast.getContext('ward-3')).toMatchObject({ 'context.type': 'Patient' });
    const ended = new Promise<{ reason?: string }>((resolve) => connection.on('disconnect', resolve));
    await fhircast.unsubscribe(subscription);
    expect((await ended).reason).toBe('Subscriber unsubscribed from topic');
  });

  it('refuses what the hub would refuse before sending anything', async () => {
    const before = requests;
    expect(() => fhircast.publish('', 'Patient-open', [])).toThrow(new FhircastError('Must provide a topic'));
    expect(() => fhircast.publish('t', 'Patient-open', [{ key: 'patient', resource: { id: 'x' } }])).toThrow(
      'context[0] is invalid: the resource needs a resourceType'
    );
    expect(() => fhircast.publish('t', 'DiagnosticReport-update', [])).toThrow(
      "The 'DiagnosticReport-update' event must carry a 'context.versionId'"
    );
    await expect(fhircast.subscribe('t', [])).rejects.toThrow('hub.events must list at least one event');
    expect(() =>
      fhircast.connect({
        channelType: 'websocket',
        mode: 'subscribe',
        topic: 't',
        events: ['Patient-open'],
        endpoint: 'http://x',
      })
    ).toThrow('endpoint must be a websocket URL (ws:// or wss://)');
    expect(requests).toBe(before);
  });

  it("says 'Invalid response!' when the hub answers a subscription without an endpoint", async () => {
    const hub = new FhircastClient({
      http: { request: async <T>() => ({}) as T },
      WebSocket: WebSocket as unknown as WebSocketConstructor,
    });
    await expect(hub.subscribe('t', ['Patient-open'])).rejects.toThrow('Invalid response!');
  });
});
