import type { OperationOutcome, Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { PROJECT_ID, testServer } from './test-helpers';
import type { RequestContext } from './types';

/** Each issue of an outcome as `expression: text`. */
function issues(outcome: unknown): string[] {
  return ((outcome as OperationOutcome).issue ?? []).map(
    (issue) => `${issue.expression?.join(',') ?? ''}: ${issue.details?.text ?? ''}`
  );
}

/** A caller without a profile (a system writer): the author it names is kept, so it is checked. */
const noProfile: RequestContext = { projectId: PROJECT_ID, profile: {}, login: 'login-9', clientId: 'c' };

describe('a write checks every meta element its writer sent; what the server stamps is valid', () => {
  it('a resource as the server stores it (version, time, project, compartment, author) passes $validate', async () => {
    const { call } = testServer();
    const created = await call<Patient>('POST', 'Patient', {
      resourceType: 'Patient',
      meta: { tag: [{ system: 'http://example.org/tags', code: 'vip' }] },
      name: [{ family: 'Lee' }],
    });
    expect(created.status).toBe(201);
    const meta = created.body.meta ?? {};
    expect(Object.keys(meta).sort()).toEqual(
      ['author', 'compartment', 'lastUpdated', 'project', 'tag', 'versionId'].sort()
    );
    const checked = await call<OperationOutcome>('POST', 'Patient/$validate', created.body);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
  });

  it('an invalid tag, source, security label or unknown element in meta is refused and nothing stored', async () => {
    const { call } = testServer();
    const refused = await call('POST', 'Patient', {
      resourceType: 'Patient',
      meta: {
        source: 'not a uri',
        tag: [{ system: 'http://example.org/tags', code: 'a b  c' }],
        colour: 'red',
      },
    });
    expect(refused.status).toBe(400);
    expect(issues(refused.body).sort()).toEqual(
      [
        'Patient.meta.colour: Invalid additional property "colour"',
        'Patient.meta.source: Invalid uri format',
        'Patient.meta.tag[0].code: Invalid code format',
      ].sort()
    );
    const security = await call('POST', 'Patient', {
      resourceType: 'Patient',
      meta: { security: [{ system: 'http://example.org/ security', code: 'R' }] },
    });
    expect(security.status).toBe(400);
    expect(issues(security.body)).toEqual(['Patient.meta.security[0].system: Invalid uri format']);
    const count = await call<{ total?: number }>('GET', 'Patient?_summary=count');
    expect(count.body.total).toBe(0);
  });

  it('an extension on a stamped element is checked with it', async () => {
    const { call } = testServer();
    const refused = await call('POST', 'Patient', {
      resourceType: 'Patient',
      meta: { _versionId: { extension: [{ url: 'http://example.org/no-value' }] } },
    });
    expect(refused.status).toBe(400);
    expect(issues(refused.body).join('\n')).toContain('ext-1');
  });

  it('meta elements the server stamps are replaced, whatever was sent; an empty meta is fine', async () => {
    const { call } = testServer();
    const created = await call<Patient>('POST', 'Patient', {
      resourceType: 'Patient',
      meta: { versionId: 'not an id!', lastUpdated: 'yesterday', project: 'elsewhere' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.meta?.versionId).toBe('1');
    expect(created.body.meta?.project).toBe(PROJECT_ID);
    expect(Date.parse(created.body.meta?.lastUpdated ?? '')).not.toBeNaN();
    const bare = await call('POST', 'Patient', { resourceType: 'Patient', meta: {} });
    expect(bare.status).toBe(201);
  });

  it('a writer without a profile keeps the author it sent, so an invalid one is refused', async () => {
    const { call } = testServer();
    const refused = await call(
      'POST',
      'Patient',
      { resourceType: 'Patient', meta: { author: { reference: 'Practitioner/1', display: 7 } } },
      {},
      noProfile
    );
    expect(refused.status).toBe(400);
    expect(issues(refused.body)).toEqual([
      'Patient.meta.author.display: Invalid JSON type: expected string, but got number',
    ]);
    const kept = await call<Patient>(
      'POST',
      'Patient',
      { resourceType: 'Patient', meta: { author: { reference: 'Practitioner/1' } } },
      {},
      noProfile
    );
    expect(kept.status).toBe(201);
    expect(kept.body.meta?.author?.reference).toBe('Practitioner/1');
  });
});

describe('a write stores a copy of what was sent', () => {
  it('a __proto__ key stays data of the stored resource, never its prototype', async () => {
    const { call } = testServer();
    const created = await call<Patient>(
      'POST',
      'Patient',
      '{"resourceType":"Patient","__proto__":{"active":true}}'
    );
    expect(created.status).toBe(201);
    const read = await call<Patient>('GET', `Patient/${created.body.id ?? ''}`);
    expect(Object.keys(read.body)).toContain('__proto__');
    expect(read.body.active).toBeUndefined();
  });
});
