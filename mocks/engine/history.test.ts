import type { Bundle, Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { linkUrl, testServer } from './test-helpers';

const patient: Patient = { resourceType: 'Patient', gender: 'female' };

describe('history', () => {
  it('instance history lists every version newest first, the delete included', async () => {
    const { call } = testServer();
    const { body } = await call<Patient>('POST', 'Patient', patient);
    await call('PUT', `Patient/${body.id}`, { ...body, gender: 'male' });
    await call('DELETE', `Patient/${body.id}`);
    const history = (await call<Bundle>('GET', `Patient/${body.id}/_history`)).body;
    expect(history.type).toBe('history');
    expect(history.total).toBe(3);
    const entries = history.entry ?? [];
    expect(entries.map((e) => e.request?.method)).toEqual(['DELETE', 'PUT', 'POST']);
    expect(entries[0]?.resource).toBeUndefined();
    expect(entries[0]?.request?.url).toBe(`Patient/${body.id}`);
    expect(entries[0]?.fullUrl).toBe(`http://localhost/fhir/R4/Patient/${body.id}`);
    expect(entries[1]?.resource?.meta?.versionId).toBe('2');
    expect(entries[2]?.response?.etag).toBe('W/"1"');
  });

  it('instance history of an unknown resource is 404', async () => {
    const { call } = testServer();
    expect((await call('GET', 'Patient/nobody/_history')).status).toBe(404);
  });

  it('type history with _since returns the changes at or after that instant, deletes included', async () => {
    const { call, clock } = testServer();
    const a = (await call<Patient>('POST', 'Patient', patient)).body;
    const b = (await call<Patient>('POST', 'Patient', patient)).body;
    clock.advance(60_000);
    const since = new Date(clock.time).toISOString();
    await call('PUT', `Patient/${a.id}`, { ...a, gender: 'other' });
    await call('DELETE', `Patient/${b.id}`);
    await call('POST', 'Observation', { resourceType: 'Observation', status: 'final', code: { text: 'x' } });

    const history = (await call<Bundle>('GET', `Patient/_history?_since=${encodeURIComponent(since)}`)).body;
    expect(history.total).toBe(2);
    const entries = history.entry ?? [];
    expect(entries.map((e) => [e.request?.method, e.fullUrl?.split('/').pop()])).toEqual([
      ['DELETE', b.id],
      ['PUT', a.id],
    ]);
    expect(entries[0]?.resource).toBeUndefined();

    const all = (await call<Bundle>('GET', 'Patient/_history')).body;
    expect(all.total).toBe(4);
  });

  it('reads an unencoded + offset in _since', async () => {
    const { call } = testServer();
    await call('POST', 'Patient', patient);
    const answer = await call<Bundle>('GET', 'Patient/_history?_since=2024-05-01T12:00:00+02:00');
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(1);
  });

  it('pages type history with _count and next links', async () => {
    const { call } = testServer();
    for (let i = 0; i < 5; i++) await call('POST', 'Patient', patient);
    const first = (await call<Bundle>('GET', 'Patient/_history?_count=2')).body;
    expect(first.entry).toHaveLength(2);
    expect(first.total).toBe(5);
    const next = linkUrl(first, 'next');
    expect(next).toContain('_offset=2');
    const second = (await call<Bundle>('GET', (next as string).replace('http://localhost/fhir/R4/', '')))
      .body;
    expect(second.entry).toHaveLength(2);
    expect(linkUrl(second, 'previous')).toContain('_offset=0');
  });

  it('lists oldest first with _sort=_lastUpdated', async () => {
    const { call } = testServer();
    const a = (await call<Patient>('POST', 'Patient', patient)).body;
    const b = (await call<Patient>('POST', 'Patient', patient)).body;
    const history = (await call<Bundle>('GET', 'Patient/_history?_sort=_lastUpdated')).body;
    expect(history.entry?.map((e) => e.resource?.id)).toEqual([a.id, b.id]);
    expect((await call('GET', 'Patient/_history?_sort=name')).status).toBe(400);
  });

  it('rejects a malformed _since with 400', async () => {
    const { call } = testServer();
    expect((await call('GET', 'Patient/_history?_since=yesterday')).status).toBe(400);
  });
});
