import type { Bundle, Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { BASE, entryResources, issueText, linkUrl, testServer } from './test-helpers';

async function withPatients(count: number) {
  const server = testServer();
  for (let i = 0; i < count; i++) {
    await server.call('POST', 'Patient', {
      resourceType: 'Patient',
      name: [{ family: `Family${String(i).padStart(2, '0')}` }],
      gender: i % 2 === 0 ? 'female' : 'male',
      birthDate: `19${50 + i}-01-01`,
    });
  }
  return server;
}

describe('search over REST', () => {
  it('answers a searchset with total, absolute fullUrls and match mode', async () => {
    const { call } = await withPatients(3);
    const answer = await call<Bundle>('GET', 'Patient?gender=female');
    expect(answer.status).toBe(200);
    expect(answer.body.type).toBe('searchset');
    expect(answer.body.total).toBe(2);
    for (const entry of answer.body.entry ?? []) {
      expect(entry.fullUrl).toBe(`${BASE}Patient/${entry.resource?.id}`);
      expect(entry.search?.mode).toBe('match');
    }
  });

  it('builds self, first, next, previous and last links from _count and _offset', async () => {
    const { call } = await withPatients(7);
    const page = (await call<Bundle>('GET', 'Patient?_count=3&_offset=3&_sort=birthdate')).body;
    expect(page.entry).toHaveLength(3);
    expect(page.total).toBe(7);
    expect(linkUrl(page, 'self')).toBe(`${BASE}Patient?_count=3&_offset=3&_sort=birthdate`);
    expect(linkUrl(page, 'first')).toContain('_offset=0');
    expect(linkUrl(page, 'previous')).toContain('_offset=0');
    expect(linkUrl(page, 'next')).toContain('_offset=6');
    expect(linkUrl(page, 'last')).toContain('_offset=6');
    expect(linkUrl(page, 'next')).toContain('_sort=birthdate');
    const last = (await call<Bundle>('GET', (linkUrl(page, 'last') as string).slice(BASE.length))).body;
    expect(last.entry).toHaveLength(1);
    expect(linkUrl(last, 'next')).toBeUndefined();
  });

  it('honours _total=none, _summary=count and _elements', async () => {
    const { call } = await withPatients(3);
    expect((await call<Bundle>('GET', 'Patient?_total=none')).body.total).toBeUndefined();
    const count = (await call<Bundle>('GET', 'Patient?_summary=count')).body;
    expect(count.total).toBe(3);
    expect(count.entry).toBeUndefined();
    const elements = entryResources((await call<Bundle>('GET', 'Patient?_elements=gender')).body);
    expect(elements).toHaveLength(3);
    for (const resource of elements as Patient[]) {
      expect(resource.gender).toBeDefined();
      expect(resource.name).toBeUndefined();
      expect(resource.id).toBeDefined();
      expect(resource.meta?.tag?.[0]?.code).toBe('SUBSETTED');
    }
  });

  it('searches with POST Type/_search and a form body', async () => {
    const { call } = await withPatients(4);
    const answer = await call<Bundle>('POST', 'Patient/_search', 'gender=male', {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(2);
  });

  it('answers an unknown search parameter with 400', async () => {
    const { call } = await withPatients(1);
    const answer = await call('GET', 'Patient?shoe-size=42');
    expect(answer.status).toBe(400);
    expect(answer.body.resourceType).toBe('OperationOutcome');
    expect(issueText(answer.body)).toContain('shoe-size');
  });

  it('does not return deleted resources', async () => {
    const { call } = await withPatients(2);
    const [first] = entryResources((await call<Bundle>('GET', 'Patient')).body);
    await call('DELETE', `Patient/${first?.id}`);
    expect((await call<Bundle>('GET', 'Patient')).body.total).toBe(1);
  });

  it('includes referenced resources with search mode include', async () => {
    const { call } = testServer();
    const patient = (await call<Patient>('POST', 'Patient', { resourceType: 'Patient' })).body;
    await call('POST', 'Task', {
      resourceType: 'Task',
      status: 'ready',
      intent: 'order',
      for: { reference: `Patient/${patient.id}` },
    });
    const bundle = (await call<Bundle>('GET', 'Task?_include=Task:patient')).body;
    expect(bundle.entry?.map((e) => e.search?.mode)).toEqual(['match', 'include']);
  });
});
