import type { OperationOutcome } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFhircastMessage } from '@/fhir/fhircast';
import type { ApiSession } from '@tests/fixtures/api-sign-in';
import { openTestSocket } from './testing';
import { realtimeHosts as hosts, withHttpHost, type Host } from './test-hosts';

const patient = { resourceType: 'Patient', id: 'p1' };
const encounter = { resourceType: 'Encounter', id: 'e1' };

function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  };
}

function subscribeFields(topic: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'hub.channel.type': 'websocket',
    'hub.mode': 'subscribe',
    'hub.topic': topic,
    'hub.events': 'Patient-open,Patient-close',
    ...extra,
  };
}

function publish(session: ApiSession, topic: string, body: unknown): Promise<Response> {
  return session.fetch(`fhircast/STU3/${topic}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function words(response: Response): Promise<string> {
  return ((await response.json()) as OperationOutcome).issue?.[0]?.details?.text ?? '';
}

describe.each(hosts)('the FHIRcast hub on %s', (_name, start) => {
  let host: Host;
  beforeAll(async () => {
    host = await start();
  });
  afterAll(() => host.close());

  it('subscribes with a form and answers the websocket endpoint beside the server', async () => {
    const response = await host.session.fetch('fhircast/STU3', form(subscribeFields('topic-a')));
    expect(response.status).toBe(202);
    const body = (await response.json()) as Record<string, string>;
    expect(body['hub.channel.endpoint']).toMatch(
      new RegExp(`^ws://${new URL(host.baseUrl).host}/ws/fhircast/[\\w-]+$`)
    );
  });

  it.each([
    [{ 'hub.channel.type': 'webhook' }, 'hub.channel.type must be websocket'],
    [{ 'hub.mode': 'watch' }, 'hub.mode must be subscribe or unsubscribe'],
    [{ 'hub.events': 'Patient-open,Patient-dance' }, 'Unknown FHIRcast event: Patient-dance'],
    [{ 'hub.topic': '' }, 'Missing hub.topic'],
    [{ 'hub.events': '' }, 'Missing hub.events'],
    [{ endpoint: 'http://example.org/x' }, 'endpoint must be a websocket URL (ws:// or wss://)'],
    [{ 'hub.lease_seconds': 'soon' }, 'hub.lease_seconds must be a positive whole number'],
  ])('refuses the subscription %j with 400: %s', async (change, expected) => {
    const response = await host.session.fetch('fhircast/STU3', form(subscribeFields('topic-b', change)));
    expect(response.status).toBe(400);
    expect(await words(response)).toBe(expected);
  });

  it('refuses an unsubscribe that names no endpoint it gave', async () => {
    const response = await host.session.fetch(
      'fhircast/STU3',
      form(
        subscribeFields('topic-b', { 'hub.mode': 'unsubscribe', endpoint: 'ws://localhost/ws/fhircast/none' })
      )
    );
    expect(response.status).toBe(400);
    expect(await words(response)).toContain('Unsubscribe names the endpoint');
  });

  it('keeps the current context: empty, then the opened patient with a version, then empty after close', async () => {
    const empty = await host.session.fetch('fhircast/STU3/topic-c');
    expect(await empty.json()).toEqual({ 'context.type': '', context: [] });
    const open = await publish(
      host.session,
      'topic-c',
      createFhircastMessage('topic-c', 'Patient-open', [{ key: 'patient', resource: patient }])
    );
    expect(open.status).toBe(201);
    const current = (await (await host.session.fetch('fhircast/STU3/topic-c')).json()) as Record<
      string,
      unknown
    >;
    expect(current).toMatchObject({
      'context.type': 'Patient',
      'context.versionId': expect.any(String),
      context: [{ key: 'patient', resource: patient }],
    });
    await publish(
      host.session,
      'topic-c',
      createFhircastMessage('topic-c', 'Patient-close', [{ key: 'patient', resource: patient }])
    );
    expect(await (await host.session.fetch('fhircast/STU3/topic-c')).json()).toEqual({
      'context.type': '',
      context: [],
    });
  });

  const valid = { id: 'm1', timestamp: new Date().toISOString() };
  it.each([
    [{ event: { 'hub.event': 'Patient-open', context: [] } }, 'Must provide a topic'],
    [
      { event: { 'hub.topic': 't', 'hub.event': 'Patient-dance', context: [] } },
      'Must provide a known FHIRcast event name',
    ],
    [
      { event: { 'hub.topic': 't', 'hub.event': 'Patient-open', context: 'x' } },
      'context must be a context object or an array',
    ],
    [
      {
        event: {
          'hub.topic': 't',
          'hub.event': 'DiagnosticReport-update',
          context: [{ key: 'report', reference: { reference: 'DiagnosticReport/1' } }],
        },
      },
      "The 'DiagnosticReport-update' event must carry a 'context.versionId'",
    ],
    [
      {
        event: {
          'hub.topic': 't',
          'hub.event': 'Patient-open',
          context: [{ key: 'patient', resource: { resourceType: 'Patient' } }],
        },
      },
      'context[0] is invalid: the resource needs a string id',
    ],
    [
      {
        event: {
          'hub.topic': 't',
          'hub.event': 'Patient-open',
          context: [{ key: 'patient', resource: { id: 'x' } }],
        },
      },
      'context[0] is invalid: the resource needs a resourceType',
    ],
    [
      {
        event: {
          'hub.topic': 't',
          'hub.event': 'Patient-open',
          context: [{ key: 'patient', resource: encounter }],
        },
      },
      "context[0] is invalid: key 'patient' of the 'Patient-open' event holds a Patient",
    ],
    [
      {
        event: {
          'hub.topic': 't',
          'hub.event': 'Encounter-open',
          context: [{ key: 'encounter', resource: encounter }],
        },
      },
      "Missing required key 'patient' in the context of the 'Encounter-open' event",
    ],
    [
      {
        event: {
          'hub.topic': 't',
          'hub.event': 'Patient-open',
          context: [
            { key: 'patient', resource: patient },
            { key: 'patient', resource: patient },
          ],
        },
      },
      "Key 'patient' appears 2 times; the 'Patient-open' event allows it once",
    ],
    [
      {
        event: {
          'hub.topic': 't',
          'hub.event': 'Patient-open',
          context: [{ key: 'study', resource: patient }],
        },
      },
      "Key 'study' is not a context key of the 'Patient-open' event",
    ],
    [{ timestamp: 'now', event: {} }, 'Missing event timestamp'],
    [{ id: '', event: {} }, 'Missing event ID'],
    [{ event: 'Patient-open' }, 'Missing event payload'],
  ])('refuses the publication %j with 400', async (body, expected) => {
    const response = await publish(host.session, 't', { ...valid, ...body });
    expect(response.status).toBe(400);
    expect(await words(response)).toContain(expected);
  });

  it('refuses a publication posted to another topic than its own, and needs a bearer token', async () => {
    const response = await publish(
      host.session,
      'elsewhere',
      createFhircastMessage('t', 'Patient-open', [{ key: 'patient', resource: patient }])
    );
    expect(response.status).toBe(400);
    expect(await words(response)).toContain("is not the topic 'elsewhere'");
    const anonymous = await fetch(new URL('fhircast/STU3/t', host.baseUrl));
    expect(anonymous.status).toBe(401);
  });
});

describe('FHIRcast delivery over websockets on the HTTP host', () => {
  const http = withHttpHost();

  it('confirms the subscription, delivers the events subscribed to, and denies after unsubscribe', async () => {
    const subscribed = await http.session.fetch('fhircast/STU3', form(subscribeFields('topic-d')));
    const endpoint = ((await subscribed.json()) as Record<string, string>)['hub.channel.endpoint'] ?? '';
    const socket = await openTestSocket(endpoint);
    expect(await socket.next((m) => m['hub.mode'] === 'subscribe')).toMatchObject({
      'hub.topic': 'topic-d',
      'hub.events': 'Patient-open,Patient-close',
    });
    await publish(
      http.session,
      'topic-d',
      createFhircastMessage('topic-d', 'Encounter-open', [
        { key: 'encounter', resource: encounter },
        { key: 'patient', resource: patient },
      ])
    );
    const message = createFhircastMessage('topic-d', 'Patient-open', [{ key: 'patient', resource: patient }]);
    await publish(http.session, 'topic-d', message);
    const delivered = await socket.next<{ id: string; event: Record<string, unknown> }>(
      (m) => m.id === message.id
    );
    expect(delivered.event).toMatchObject({ 'hub.topic': 'topic-d', 'hub.event': 'Patient-open' });
    expect(
      socket.messages.some(
        (m) => (m as { event?: { 'hub.event'?: string } }).event?.['hub.event'] === 'Encounter-open'
      )
    ).toBe(false);

    const unsubscribed = await http.session.fetch(
      'fhircast/STU3',
      form(subscribeFields('topic-d', { 'hub.mode': 'unsubscribe', endpoint }))
    );
    expect(unsubscribed.status).toBe(202);
    expect(await socket.next((m) => m['hub.mode'] === 'denied')).toMatchObject({ 'hub.topic': 'topic-d' });
    await socket.closed;
  });

  it('denies and closes a socket on an endpoint it never gave', async () => {
    const socket = await openTestSocket(`${http.host.url.replace('http', 'ws')}ws/fhircast/unknown`);
    expect(await socket.next((m) => m['hub.mode'] === 'denied')).toMatchObject({
      'hub.reason': 'invalid endpoint',
    });
    expect(await socket.closed).toBe(1008);
  });
});
