import type { Patient, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { aliceContext, BASE, issueText, OTHER_PROJECT_ID, testServer } from './test-helpers';

const patient: Patient = { resourceType: 'Patient', name: [{ family: 'Doe', given: ['Jane'] }] };

describe('create and read', () => {
  it('creates with a server id, version 1, project and author, and answers with headers', async () => {
    const { call } = testServer();
    const created = await call<Patient>('POST', 'Patient', { ...patient, id: 'client-chosen' });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe('application/fhir+json');
    const body = created.body;
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.meta?.versionId).toBe('1');
    expect(body.meta?.project).toBe('project-1');
    expect(body.meta?.author).toEqual(aliceContext.profile);
    expect(body.meta?.lastUpdated).toBe('2024-05-01T10:00:01.000Z');
    expect(created.headers.get('etag')).toBe('W/"1"');
    expect(created.headers.get('location')).toBe(`${BASE}Patient/${body.id}/_history/1`);
    expect(created.headers.get('last-modified')).toBe('Wed, 01 May 2024 10:00:01 GMT');

    const read = await call<Patient>('GET', `Patient/${body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(body);
    expect(read.headers.get('etag')).toBe('W/"1"');
  });

  it('keeps projects apart: another project cannot read the resource', async () => {
    const { call } = testServer();
    const { body } = await call<Patient>('POST', 'Patient', patient);
    const other = { ...aliceContext, projectId: OTHER_PROJECT_ID };
    expect((await call('GET', `Patient/${body.id}`, undefined, {}, other)).status).toBe(404);
  });

  it('answers 404 with an OperationOutcome for a missing id and for an unknown type', async () => {
    const { call } = testServer();
    const missing = await call('GET', 'Patient/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.resourceType).toBe('OperationOutcome');
    const unknown = await call('GET', 'Patientt/1');
    expect(unknown.status).toBe(404);
    expect(issueText(unknown.body)).toContain('Unknown resource type');
    expect((await call('POST', 'Nonsense', { resourceType: 'Nonsense' })).status).toBe(404);
  });

  it('rejects bad bodies with 400 and stores nothing', async () => {
    const { call, engine } = testServer();
    const cases: [string, unknown, string][] = [
      ['invalid JSON', '{"resourceType": "Patient",', 'Invalid JSON'],
      ['type mismatch', { resourceType: 'Observation' }, 'does not match'],
      ['missing resourceType', { name: [] }, 'Missing resourceType'],
      ['array body', [1, 2], 'JSON object'],
      ['string body', '"just a string"', 'JSON object'],
    ];
    for (const [label, body, text] of cases) {
      const answer = await call('POST', 'Patient', body);
      expect(answer.status, label).toBe(400);
      expect(issueText(answer.body), label).toContain(text);
    }
    const missing = await call('POST', 'Patient');
    expect(missing.status).toBe(400);
    expect(issueText(missing.body)).toContain('Missing request body');
    expect(engine.snapshot().projects[0]?.versions).toHaveLength(0);
  });

  it('answers 405 for a method the path does not take', async () => {
    const { call } = testServer();
    const { body } = await call<Patient>('POST', 'Patient', patient);
    expect((await call('POST', `Patient/${body.id}`, patient)).status).toBe(405);
    expect((await call('DELETE', 'metadata')).status).toBe(405);
    expect((await call('GET', '')).status).toBe(405);
  });

  it('honours If-None-Exist: one match is returned, none creates, several is 412; never duplicates', async () => {
    const { call } = testServer();
    const withId = { ...patient, identifier: [{ system: 'urn:mrn', value: '42' }] };
    const header = { 'If-None-Exist': 'identifier=urn:mrn|42' };
    const first = await call<Patient>('POST', 'Patient', withId, header);
    expect(first.status).toBe(201);
    const second = await call<Patient>('POST', 'Patient', withId, header);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    const all = await call('GET', 'Patient?identifier=urn:mrn|42');
    expect((all.body as { total?: number }).total).toBe(1);

    await call('POST', 'Patient', withId); // a plain create makes a second match
    const third = await call('POST', 'Patient', withId, header);
    expect(third.status).toBe(412);
  });

  it('answers 304 to a read whose If-None-Match names the current version', async () => {
    const { call } = testServer();
    const { body } = await call<Patient>('POST', 'Patient', patient);
    expect((await call('GET', `Patient/${body.id}`, undefined, { 'If-None-Match': 'W/"1"' })).status).toBe(
      304
    );
  });

  it('supports Prefer: return=minimal and return=OperationOutcome', async () => {
    const { call } = testServer();
    const minimal = await call('POST', 'Patient', patient, { Prefer: 'return=minimal' });
    expect(minimal.status).toBe(201);
    expect(minimal.body).toBeUndefined();
    expect(minimal.headers.get('location')).toContain('/_history/1');
    const outcome = await call('POST', 'Patient', patient, { Prefer: 'return=OperationOutcome' });
    expect(outcome.body.resourceType).toBe('OperationOutcome');
  });
});

describe('update', () => {
  it('updates with If-Match and bumps the version; a stale If-Match is 412 and changes nothing', async () => {
    const { call } = testServer();
    const { body } = await call<Task>('POST', 'Task', {
      resourceType: 'Task',
      status: 'ready',
      intent: 'order',
    });
    const updated = await call<Task>(
      'PUT',
      `Task/${body.id}`,
      { ...body, status: 'in-progress' },
      { 'If-Match': 'W/"1"' }
    );
    expect(updated.status).toBe(200);
    expect(updated.body.meta?.versionId).toBe('2');
    expect(updated.headers.get('etag')).toBe('W/"2"');

    const stale = await call(
      'PUT',
      `Task/${body.id}`,
      { ...body, status: 'completed' },
      { 'If-Match': 'W/"1"' }
    );
    expect(stale.status).toBe(412);
    expect(stale.body.resourceType).toBe('OperationOutcome');
    const current = await call<Task>('GET', `Task/${body.id}`);
    expect(current.body.status).toBe('in-progress');
    expect(current.body.meta?.versionId).toBe('2');
  });

  it('creates on PUT to a new id (201) and keeps the id', async () => {
    const { call } = testServer();
    const answer = await call<Patient>('PUT', 'Patient/my-id', { ...patient, id: 'my-id' });
    expect(answer.status).toBe(201);
    expect(answer.body.id).toBe('my-id');
    expect((await call('GET', 'Patient/my-id')).status).toBe(200);
  });

  it('rejects an id that differs from the URL, and a type that differs', async () => {
    const { call } = testServer();
    await call('PUT', 'Patient/a', { ...patient, id: 'a' });
    const mismatch = await call('PUT', 'Patient/a', { ...patient, id: 'b' });
    expect(mismatch.status).toBe(400);
    expect((await call('PUT', 'Patient/a', { resourceType: 'Task', id: 'a' })).status).toBe(400);
    expect((await call<Patient>('GET', 'Patient/a')).body.meta?.versionId).toBe('1');
  });

  it('does not make a version for an update that changes nothing', async () => {
    const { call } = testServer();
    const { body } = await call<Patient>('POST', 'Patient', patient);
    const same = await call<Patient>('PUT', `Patient/${body.id}`, body);
    expect(same.status).toBe(200);
    expect(same.body.meta?.versionId).toBe('1');
  });

  it('conditional update: updates the one match, creates when none, 412 when several', async () => {
    const { call } = testServer();
    const mrn = (value: string): Patient => ({ ...patient, identifier: [{ system: 'urn:mrn', value }] });
    const created = await call<Patient>('PUT', 'Patient?identifier=urn:mrn|1', mrn('1'));
    expect(created.status).toBe(201);
    const updated = await call<Patient>('PUT', 'Patient?identifier=urn:mrn|1', {
      ...mrn('1'),
      gender: 'female',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.id).toBe(created.body.id);
    expect(updated.body.meta?.versionId).toBe('2');
    await call('POST', 'Patient', mrn('1'));
    expect((await call('PUT', 'Patient?identifier=urn:mrn|1', mrn('1'))).status).toBe(412);
  });
});

describe('delete', () => {
  it('deletes: read is then 410 Gone, vread of the old version still works', async () => {
    const { call } = testServer();
    const { body } = await call<Patient>('POST', 'Patient', patient);
    const deleted = await call('DELETE', `Patient/${body.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get('etag')).toBe('W/"2"');
    const read = await call('GET', `Patient/${body.id}`);
    expect(read.status).toBe(410);
    expect(read.body.resourceType).toBe('OperationOutcome');
    expect((await call('GET', `Patient/${body.id}/_history/1`)).status).toBe(200);
    expect((await call('GET', `Patient/${body.id}/_history/2`)).status).toBe(410);
    expect((await call('GET', `Patient/${body.id}/_history/9`)).status).toBe(404);
  });

  it('deleting again changes nothing; deleting what never existed is 404', async () => {
    const { call, engine } = testServer();
    const { body } = await call<Patient>('POST', 'Patient', patient);
    await call('DELETE', `Patient/${body.id}`);
    expect((await call('DELETE', `Patient/${body.id}`)).status).toBe(200);
    expect(engine.snapshot().projects[0]?.versions).toHaveLength(2);
    expect((await call('DELETE', 'Patient/never')).status).toBe(404);
  });

  it('a delete with a stale If-Match is 412', async () => {
    const { call } = testServer();
    const { body } = await call<Patient>('POST', 'Patient', patient);
    await call('PUT', `Patient/${body.id}`, { ...body, gender: 'male' });
    expect((await call('DELETE', `Patient/${body.id}`, undefined, { 'If-Match': 'W/"1"' })).status).toBe(412);
    expect((await call('GET', `Patient/${body.id}`)).status).toBe(200);
  });

  it('PUT after delete recreates the resource as a new version', async () => {
    const { call } = testServer();
    await call('PUT', 'Patient/p1', { ...patient, id: 'p1' });
    await call('DELETE', 'Patient/p1');
    const again = await call<Patient>('PUT', 'Patient/p1', { ...patient, id: 'p1' });
    expect(again.status).toBe(201);
    expect(again.body.meta?.versionId).toBe('3');
  });
});
