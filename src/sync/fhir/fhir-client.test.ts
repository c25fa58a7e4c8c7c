import { describe, expect, it } from 'vitest';
import { fakeNetworkClient } from '../testing/fake-client';
import { FakeNetwork, fakeJwt, json } from '../testing/fake-network';
import { MemoryStorage } from '../platform';
import { FhirClient } from './fhir-client';
import { ManualClock } from '@/fhir/testing/manual-clock';

const BASE = 'https://api.example.test/';

async function setup(cacheTimeMs = 0) {
  const clock = new ManualClock();
  const network = new FakeNetwork(BASE);
  const storage = new MemoryStorage();
  const token = fakeJwt({ exp: Math.floor(clock.now() / 1000) + 3600 });
  await storage.set('activeLogin', JSON.stringify({ accessToken: token, refreshToken: 'r' }));
  const client = fakeNetworkClient({ network, storage, clock });
  await client.session.restore();
  return { clock, network, fhir: new FhirClient({ client, clock, cacheTimeMs }) };
}

describe('FhirClient', () => {
  it('polls a 202 answer at its Content-Location every second until it is done', async () => {
    const { network, fhir, clock } = await setup();
    const status = `${BASE}fhir/R4/job/1`;
    network.on(
      'GET',
      'fhir/R4/Task/$export',
      new Response(null, { status: 202, headers: { 'Content-Location': status } })
    );
    network.on(
      'GET',
      'fhir/R4/job/1',
      new Response(null, { status: 202, headers: { 'Content-Location': status } }),
      new Response(null, { status: 202, headers: { 'Content-Location': status } }),
      json({ resourceType: 'Bundle', type: 'batch-response' })
    );
    const result = await fhir.get(fhir.url('Task/$export'));
    expect(result).toMatchObject({ resourceType: 'Bundle' });
    expect(network.requestsTo('GET', 'fhir/R4/job/1')).toHaveLength(3);
    expect(clock.sleeps).toEqual([1000, 1000, 1000]);
  });

  it('follows an export to its manifest when only the kickoff names the status URL (no early 202 body)', async () => {
    const { network, fhir } = await setup();
    const status = `${BASE}fhir/R4/job/2/status`;
    network.on(
      'POST',
      'fhir/R4/$export?_type=Patient',
      new Response(null, { status: 202, headers: { 'Content-Location': status } })
    );
    network.on(
      'GET',
      'fhir/R4/job/2/status',
      new Response(null, { status: 202, headers: { 'X-Progress': '0 of 1' } }),
      json({ transactionTime: '2024-01-01T00:00:00Z', request: '', requiresAccessToken: true, output: [] })
    );
    const manifest = await fhir.bulkExport({ types: ['Patient'] });
    expect(manifest.requiresAccessToken).toBe(true);
    expect(network.requestsTo('GET', 'fhir/R4/job/2/status')).toHaveLength(2);
    expect(network.requestsTo('POST', 'fhir/R4/$export?_type=Patient')[0]?.headers.get('prefer')).toBe(
      'respond-async'
    );
  });

  it('reuses a GET within the cache time, and refetches when asked or expired', async () => {
    const { network, fhir, clock } = await setup(3000);
    network.on('GET', 'fhir/R4/Task/1', json({ resourceType: 'Task', id: '1', status: 'ready' }));
    await fhir.read('Task', '1');
    await fhir.read('Task', '1');
    expect(network.requestsTo('GET', 'fhir/R4/Task/1')).toHaveLength(1);
    await fhir.read('Task', '1', { noCache: true });
    expect(network.requestsTo('GET', 'fhir/R4/Task/1')).toHaveLength(2);
    clock.advance(3001);
    await fhir.read('Task', '1');
    expect(network.requestsTo('GET', 'fhir/R4/Task/1')).toHaveLength(3);
  });

  it('keeps at most the configured number of cached answers', async () => {
    const { fhir } = await setup(60_000);
    for (let i = 0; i < 1005; i++) fhir.cache.set(`u${i}`, i);
    expect(fhir.cache.size).toBe(1000);
    expect(fhir.cache.get('u0')).toBeUndefined();
    expect(fhir.cache.get('u1004')).toBe(1004);
  });

  it('follows next links to read every page of a search', async () => {
    const { network, fhir } = await setup();
    network.on(
      'GET',
      'fhir/R4/Task?status=ready',
      json({
        resourceType: 'Bundle',
        entry: [{ resource: { resourceType: 'Task', id: '1' } }],
        link: [{ relation: 'next', url: `${BASE}fhir/R4/Task?status=ready&_offset=1` }],
      })
    );
    network.on(
      'GET',
      'fhir/R4/Task?status=ready&_offset=1',
      json({ resourceType: 'Bundle', entry: [{ resource: { resourceType: 'Task', id: '2' } }] })
    );
    const all = await fhir.searchAll('Task', { status: 'ready' });
    expect(all.map((r) => r.id)).toEqual(['1', '2']);
  });

  it('sends a create with If-None-Exist and a patch as application/json-patch+json', async () => {
    const { network, fhir } = await setup();
    network.on('POST', 'fhir/R4/Task', json({ resourceType: 'Task', id: 's1' }, 200));
    network.on('PATCH', 'fhir/R4/Task/s1', json({ resourceType: 'Task', id: 's1', status: 'ready' }));
    const created = await fhir.create(
      { resourceType: 'Task', status: 'ready', intent: 'order' },
      { ifNoneExist: 'identifier=urn:carequeue:client-id|abc' }
    );
    expect(created).toMatchObject({ created: false, resource: { id: 's1' } });
    const post = network.requestsTo('POST', 'fhir/R4/Task')[0];
    expect(post?.headers.get('if-none-exist')).toBe('identifier=urn:carequeue:client-id|abc');
    await fhir.patch('Task', 's1', [{ op: 'replace', path: '/status', value: 'ready' }]);
    const patch = network.requestsTo('PATCH', 'fhir/R4/Task/s1')[0];
    expect(patch?.headers.get('content-type')).toBe('application/json-patch+json');
  });
});
