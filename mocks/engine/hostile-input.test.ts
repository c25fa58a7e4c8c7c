import type { Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { aliceContext, BASE, testServer } from './test-helpers';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

const METHODS = ['GET', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const PATHS = [
  '',
  '',
  'metadata',
  'Patient',
  'Patient/p1',
  'Patient/p1/_history',
  'Patient/p1/_history/1',
  'Patient/p1/_history/x',
  'Patient/_history?_since=bad',
  'Patient/_search',
  'Patient?name=Doe&_count=-1',
  'Patient?_sort=nonsense',
  'Patient?_total=sometimes',
  'Patient?_summary=maybe',
  'Patient/%E0%A4%A',
  'Patient/a b',
  'Patient/../../etc',
  'Task?identifier=',
  'Unknown/1',
  'ValueSet/$expand?url=x&count=abc',
  'StructureDefinition?name=Patient&_count=2',
  'Patient/p1/$nothing',
  '$graphql',
];
const BODIES: unknown[] = [
  undefined,
  '',
  'not json',
  '{"resourceType":',
  'null',
  '42',
  '[]',
  '[{"op":"replace","path":"/gender","value":"male"}]',
  '[{"op":"test","path":"/meta/versionId","value":"99"}]',
  { resourceType: 'Patient', id: 'p1', gender: 'female' },
  { resourceType: 'Patient', id: 'p2' },
  { resourceType: 'Patient', id: 42 },
  { resourceType: 'Task' },
  { resourceType: 'Bundle', type: 'transaction', entry: [{ request: { method: 'POST', url: 'Patient' } }] },
  { resourceType: 'Bundle', type: 'batch', entry: [{ request: { method: 'GET', url: 'Patient/p1' } }, null] },
  { resourceType: 'Bundle', type: 'transaction', entry: 'many' },
  { resourceType: 'Bundle', type: 'transaction', entry: [null, 3, 'x'] },
  { resourceType: 'Bundle', type: 'batch', entry: [null, 3, { fullUrl: 'urn:uuid:1' }] },
  {
    resourceType: 'Bundle',
    type: 'batch',
    entry: [{ request: { method: 'PATCH', url: 'Patient/p1' }, resource: {} }],
  },
];

describe('hostile input', () => {
  it('never answers 5xx and every error is an OperationOutcome', async () => {
    const { engine, call } = testServer();
    await call('PUT', 'Patient/p1', { resourceType: 'Patient', id: 'p1' });
    const next = random(7);
    const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)] as T;
    for (let i = 0; i < 1500; i++) {
      const method = pick(METHODS);
      const path = pick(PATHS);
      const body = method === 'GET' || method === 'DELETE' || method === 'OPTIONS' ? undefined : pick(BODIES);
      const init: RequestInit = { method, headers: { 'Content-Type': 'application/fhir+json' } };
      if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
      const response = await engine.handle(new Request(`${BASE}${path}`, init), aliceContext);
      const label = `${method} ${path} ${String(init.body)}`;
      expect(response.status, label).toBeLessThan(500);
      const text = await response.text();
      if (response.status >= 400) expect(JSON.parse(text).resourceType, label).toBe('OperationOutcome');
    }
    // The store is still consistent: every resource's versions count up from 1 without gaps.
    const snapshot = engine.snapshot();
    const copy = JSON.parse(JSON.stringify(snapshot)) as typeof snapshot;
    for (const project of copy.projects) {
      const seen = new Map<string, number>();
      for (const version of project.versions) {
        const key = `${version.resourceType}/${version.id}`;
        const expected = (seen.get(key) ?? 0) + 1;
        expect(version.versionId, key).toBe(String(expected));
        seen.set(key, expected);
        if (version.resource) expect(version.resource.meta?.versionId).toBe(version.versionId);
      }
    }
  });

  it('a mutation of a returned object by an in-process caller cannot change the store', async () => {
    const { engine, call } = testServer();
    await call('PUT', 'Patient/p1', { resourceType: 'Patient', id: 'p1', gender: 'male' });
    let seen: Patient | undefined;
    engine.onChange((change) => {
      seen = change.versions[0]?.resource as Patient;
    });
    await call('PUT', 'Patient/p1', { resourceType: 'Patient', id: 'p1', gender: 'female' });
    expect(() => {
      (seen as Patient).gender = 'other';
    }).toThrow();
    expect((await call<Patient>('GET', 'Patient/p1')).body.gender).toBe('female');
  });
});
