import type { CodeSystem, ValueSet } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { testServer } from './test-helpers';

const businessStatus: ValueSet = {
  resourceType: 'ValueSet',
  url: 'http://example.com/business-status',
  status: 'active',
  compose: {
    include: [
      {
        system: 'http://example.com/business-status',
        concept: [
          { code: 'awaiting-lab', display: 'Awaiting lab results' },
          { code: 'awaiting-patient', display: 'Awaiting patient call-back' },
          { code: 'ready', display: 'Ready for review' },
        ],
      },
    ],
  },
};

describe('ValueSet/$expand', () => {
  it('expands a stored value set by url, filtered', async () => {
    const { call } = testServer();
    await call('POST', 'ValueSet', businessStatus);
    const all = await call<ValueSet>(
      'GET',
      `ValueSet/$expand?url=${encodeURIComponent(businessStatus.url as string)}`
    );
    expect(all.status).toBe(200);
    expect(all.body.expansion?.total).toBe(3);
    const filtered = await call<ValueSet>(
      'GET',
      `ValueSet/$expand?url=${encodeURIComponent(businessStatus.url as string)}&filter=awaiting`
    );
    expect(filtered.body.expansion?.contains?.map((c) => c.code)).toEqual([
      'awaiting-lab',
      'awaiting-patient',
    ]);
    expect(filtered.body.expansion?.contains?.[0]?.system).toBe('http://example.com/business-status');
  });

  it('includes expansion.contains, whole code systems and nested value sets', async () => {
    const { call } = testServer();
    const codeSystem: CodeSystem = {
      resourceType: 'CodeSystem',
      url: 'http://example.com/cs',
      status: 'active',
      content: 'complete',
      concept: [{ code: 'a', display: 'Alpha', concept: [{ code: 'a1', display: 'Alpha one' }] }],
    };
    await call('POST', 'CodeSystem', codeSystem);
    await call('POST', 'ValueSet', businessStatus);
    await call('POST', 'ValueSet', {
      resourceType: 'ValueSet',
      url: 'http://example.com/combined',
      status: 'active',
      compose: { include: [{ system: 'http://example.com/cs' }, { valueSet: [businessStatus.url] }] },
      expansion: {
        timestamp: '2024-01-01',
        contains: [{ system: 'http://x', code: 'pre', display: 'Pre-expanded' }],
      },
    });
    const answer = await call<ValueSet>('GET', 'ValueSet/$expand?url=http://example.com/combined');
    expect(answer.body.expansion?.contains?.map((c) => c.code).sort()).toEqual(
      ['a', 'a1', 'awaiting-lab', 'awaiting-patient', 'pre', 'ready'].sort()
    );
  });

  it('is 404 for an unknown url and 400 without one', async () => {
    const { call } = testServer();
    expect((await call('GET', 'ValueSet/$expand?url=http://nowhere')).status).toBe(404);
    expect((await call('GET', 'ValueSet/$expand')).status).toBe(400);
  });
});

describe('ValueSet/$expand of published value sets', () => {
  it('falls back to the FHIR value sets the project does not hold', async () => {
    const { call } = testServer();
    const url = 'http://hl7.org/fhir/ValueSet/administrative-gender';
    const answer = await call<ValueSet>('GET', `ValueSet/$expand?url=${encodeURIComponent(url)}`);
    expect(answer.status).toBe(200);
    expect(answer.body.expansion?.contains?.map((c) => c.code)).toEqual([
      'male',
      'female',
      'other',
      'unknown',
    ]);
    const filtered = await call<ValueSet>(
      'GET',
      `ValueSet/$expand?url=${encodeURIComponent(url)}&filter=fem`
    );
    expect(filtered.body.expansion?.contains?.map((c) => c.code)).toEqual(['female']);
  });

  it('prefers the project’s own value set of the same url', async () => {
    const { call } = testServer();
    const url = 'http://hl7.org/fhir/ValueSet/administrative-gender';
    await call('POST', 'ValueSet', {
      resourceType: 'ValueSet',
      url,
      status: 'active',
      compose: { include: [{ system: 'http://local', concept: [{ code: 'x', display: 'Local' }] }] },
    });
    const answer = await call<ValueSet>('GET', `ValueSet/$expand?url=${encodeURIComponent(url)}`);
    expect(answer.body.expansion?.contains?.map((c) => c.code)).toEqual(['x']);
  });
});
