import { afterAll, beforeAll, expect, it } from 'vitest';
import { createNodeFakeServer } from '../../mocks/node';
import { startHttpHost, type HttpHost } from '../../mocks/http/host';
import { MovableClock } from '../../mocks/clock';
import { signInByApi } from '../fixtures/api-sign-in';
import type { SetupServer } from 'msw/node';

const seededAt = new Date('2026-11-02T09:00:00Z');
let msw: { server: SetupServer; baseUrl: string };
let http: HttpHost;

beforeAll(async () => {
  msw = createNodeFakeServer({ clock: new MovableClock(seededAt) });
  // Requests to the real HTTP host's port are not msw's: let them through to the socket.
  msw.server.listen({ onUnhandledRequest: 'bypass' });
  http = await startHttpHost({ port: 0, clock: new MovableClock(seededAt) });
});
afterAll(async () => {
  msw.server.close();
  await http.close();
});

/** One user's session: the same requests in the same order, with what differs by nature masked. */
async function transcript(baseUrl: string): Promise<unknown[]> {
  const session = await signInByApi(baseUrl, 'nurse@example.com');
  const steps: [string, RequestInit?][] = [
    [
      'fhir/R4/Task?performer=224535009&owner:missing=true&status:not=completed&_sort=-priority-order,due-date&_count=5',
    ],
    ['fhir/R4/Patient?address-state=CA&_sort=family,given&_count=3&_total=accurate'],
    [
      'fhir/R4/Patient',
      { method: 'POST', body: JSON.stringify({ resourceType: 'Patient', name: [{ family: 'Same' }] }) },
    ],
    ['fhir/R4/Task?_count=1&_sort=_id'],
    ['fhir/R4/Task/_history?_count=2'],
    ['fhir/R4/Patient', { method: 'POST', body: '{broken' }],
    ['fhir/R4/Observation?no-such-param=1'],
    ['fhir/R4/Unknown/1'],
    ['fhir/R4/metadata'],
  ];
  const answers: unknown[] = [];
  for (const [path, init] of steps) {
    const response = await session.fetch(path, init);
    const text = await response.text();
    answers.push({
      path,
      status: response.status,
      contentType: response.headers.get('content-type'),
      etag: response.headers.has('etag'),
      body: mask(text, baseUrl),
    });
  }
  return answers;
}

function mask(text: string, baseUrl: string): string {
  return text
    .split(baseUrl)
    .join('<base>/')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g, '<instant>');
}

it('answers the same session identically under msw/node and over real HTTP', async () => {
  const overMsw = await transcript(msw.baseUrl);
  const overHttp = await transcript(http.url);
  expect(overHttp).toEqual(overMsw);
  expect(overMsw.length).toBe(9);
});
