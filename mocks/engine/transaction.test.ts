import type { Bundle, BundleEntry, Observation, Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { issueText, testServer, type Answer, type TestServer } from './test-helpers';

const bundle = (type: 'batch' | 'transaction', entry: BundleEntry[]): Bundle => ({
  resourceType: 'Bundle',
  type,
  entry,
});
/** Posts a batch or transaction of the given entries to the base. */
const postBundle = (
  call: TestServer['call'],
  type: 'batch' | 'transaction',
  entry: BundleEntry[]
): Promise<Answer<Bundle>> => call<Bundle>('POST', '', bundle(type, entry));
const base64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64');

describe('transaction', () => {
  it('creates entries and rewrites urn:uuid references to the created ids', async () => {
    const { call } = testServer();
    const answer = await postBundle(call, 'transaction', [
      {
        fullUrl: 'urn:uuid:obs',
        resource: {
          resourceType: 'Observation',
          status: 'final',
          code: { text: 'BP' },
          subject: { reference: 'urn:uuid:pat' },
        },
        request: { method: 'POST', url: 'Observation' },
      },
      {
        fullUrl: 'urn:uuid:pat',
        resource: { resourceType: 'Patient', name: [{ family: 'Doe' }] },
        request: { method: 'POST', url: 'Patient' },
      },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.type).toBe('transaction-response');
    const [obsEntry, patEntry] = answer.body.entry ?? [];
    expect(obsEntry?.response?.status).toBe('201');
    expect(patEntry?.response?.location).toMatch(/^Patient\/[0-9a-f-]+\/_history\/1$/);
    const observation = obsEntry?.resource as Observation;
    expect(observation.subject?.reference).toBe(`Patient/${patEntry?.resource?.id}`);
    expect((await call('GET', `Patient/${patEntry?.resource?.id}`)).status).toBe(200);
  });

  it('rolls back everything when one entry fails, and names the entry', async () => {
    const { call, engine } = testServer();
    const existing = (await call<Patient>('POST', 'Patient', { resourceType: 'Patient', gender: 'male' }))
      .body;
    const before = JSON.stringify(engine.snapshot());
    const answer = await call(
      'POST',
      '',
      bundle('transaction', [
        { resource: { resourceType: 'Patient' }, request: { method: 'POST', url: 'Patient' } },
        { request: { method: 'DELETE', url: `Patient/${existing.id}` } },
        {
          resource: { ...existing, gender: 'female' },
          request: { method: 'PUT', url: `Patient/${existing.id}`, ifMatch: 'W/"9"' },
        },
      ])
    );
    expect(answer.status).toBe(412);
    expect(answer.body.resourceType).toBe('OperationOutcome');
    expect(issueText(answer.body)).toContain('entry 2');
    expect(JSON.stringify(engine.snapshot())).toBe(before);
    expect((await call<Patient>('GET', `Patient/${existing.id}`)).body.gender).toBe('male');
  });

  it('rejects an invalid entry with 4xx and leaves the store unchanged', async () => {
    const { call, engine } = testServer();
    const answer = await call(
      'POST',
      '',
      bundle('transaction', [
        { resource: { resourceType: 'Patient' }, request: { method: 'POST', url: 'Patient' } },
        { resource: { resourceType: 'Patient' }, request: { method: 'POST', url: 'Observation' } },
      ])
    );
    expect(answer.status).toBe(400);
    expect(issueText(answer.body)).toContain('entry 1');
    expect(engine.snapshot().projects[0]?.versions).toHaveLength(0);
    const noMethod = await call(
      'POST',
      '',
      bundle('transaction', [{ request: { url: 'Patient' } as never }])
    );
    expect(noMethod.status).toBe(400);
  });

  it('honours ifNoneExist inside a transaction and maps the fullUrl to the existing resource', async () => {
    const { call } = testServer();
    const identifier = [{ system: 'urn:mrn', value: '7' }];
    const existing = (await call<Patient>('POST', 'Patient', { resourceType: 'Patient', identifier })).body;
    const answer = await postBundle(call, 'transaction', [
      {
        fullUrl: 'urn:uuid:p',
        resource: { resourceType: 'Patient', identifier },
        request: { method: 'POST', url: 'Patient', ifNoneExist: 'identifier=urn:mrn|7' },
      },
      {
        resource: {
          resourceType: 'Task',
          status: 'ready',
          intent: 'order',
          for: { reference: 'urn:uuid:p' },
        },
        request: { method: 'POST', url: 'Task' },
      },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.entry?.[0]?.response?.status).toBe('200');
    expect((answer.body.entry?.[1]?.resource as { for?: { reference?: string } }).for?.reference).toBe(
      `Patient/${existing.id}`
    );
    expect((await call<Bundle>('GET', 'Patient?identifier=urn:mrn|7')).body.total).toBe(1);
  });

  it('patches with a Binary JSON Patch entry and fails the whole transaction on a failed test op', async () => {
    const { call } = testServer();
    const task = (
      await call<Patient>('POST', 'Task', { resourceType: 'Task', status: 'ready', intent: 'order' })
    ).body;
    const patchEntry = (version: string): BundleEntry => ({
      resource: {
        resourceType: 'Binary',
        contentType: 'application/json-patch+json',
        data: base64([
          { op: 'test', path: '/meta/versionId', value: version },
          { op: 'replace', path: '/status', value: 'completed' },
        ]),
      },
      request: { method: 'PATCH', url: `Task/${task.id}` },
    });
    const ok = await postBundle(call, 'transaction', [patchEntry('1')]);
    expect(ok.status).toBe(200);
    expect(ok.body.entry?.[0]?.response?.etag).toBe('W/"2"');
    const stale = await call('POST', '', bundle('transaction', [patchEntry('1')]));
    expect(stale.status).toBe(412);
  });

  it('rejects a body that is not a batch or transaction Bundle', async () => {
    const { call } = testServer();
    expect((await call('POST', '', { resourceType: 'Patient' })).status).toBe(400);
    expect((await call('POST', '', { resourceType: 'Bundle', type: 'collection' })).status).toBe(400);
  });
});

describe('batch', () => {
  it('answers each entry independently with its status and outcome', async () => {
    const { call } = testServer();
    const answer = await postBundle(call, 'batch', [
      { resource: { resourceType: 'Patient' }, request: { method: 'POST', url: 'Patient' } },
      { request: { method: 'GET', url: 'Patient/missing' } },
      { resource: { resourceType: 'Patient' }, request: { method: 'POST', url: 'Unknown' } },
      { request: { method: 'GET', url: 'Patient?_count=5' } },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.type).toBe('batch-response');
    const entries = answer.body.entry ?? [];
    expect(entries.map((e) => e.response?.status)).toEqual(['201', '404', '404', '200']);
    expect(entries[0]?.response?.outcome?.id).toBe('created');
    expect(entries[1]?.response?.outcome?.issue?.[0]?.severity).toBe('error');
    expect((entries[3]?.resource as Bundle).total).toBe(1);
  });
});

describe('If-None-Exist in bundles', () => {
  it('never duplicates when two batch entries carry the same ifNoneExist', async () => {
    const { call } = testServer();
    const entry: BundleEntry = {
      resource: { resourceType: 'Patient', identifier: [{ system: 'urn:mrn', value: '9' }] },
      request: { method: 'POST', url: 'Patient', ifNoneExist: 'identifier=urn:mrn|9' },
    };
    const answer = await postBundle(call, 'batch', [entry, entry]);
    expect(answer.body.entry?.map((e) => e.response?.status)).toEqual(['201', '200']);
    expect((await call<Bundle>('GET', 'Patient?identifier=urn:mrn|9')).body.total).toBe(1);
  });
});
