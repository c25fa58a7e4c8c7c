import type { AccessPolicy, Bundle, Observation, Patient, Resource } from '@medplum/fhirtypes';
import { beforeEach, describe, expect, it } from 'vitest';
import { entryResources, PROJECT_ID, readBatch, testServer, type TestServer } from './test-helpers';
import type { RequestContext } from './types';

/** A front-desk policy in Medplum's form: no SSNs or birth dates shown, and the name is not theirs to change. */
const FRONT_DESK: AccessPolicy = {
  resourceType: 'AccessPolicy',
  name: 'Front desk',
  resource: [
    { resourceType: 'Patient', hiddenFields: ['identifier', 'birthDate'], readonlyFields: ['name.family'] },
    { resourceType: 'Observation', hiddenFields: ['valueString'], readonlyFields: ['category'] },
  ],
};

const frontDesk: RequestContext = {
  projectId: PROJECT_ID,
  profile: { reference: 'Practitioner/front-desk' },
  login: 'login-front-desk',
  clientId: '',
  accessPolicy: FRONT_DESK,
};

const SSN = { system: 'http://hl7.org/fhir/sid/us-ssn', value: '000-00-1234' };

/** A server holding Patient/p1 with an SSN and these fields. */
async function serverWithPatient(fields: Partial<Patient>): Promise<TestServer> {
  const server = testServer();
  await server.call('PUT', 'Patient/p1', { resourceType: 'Patient', id: 'p1', identifier: [SSN], ...fields });
  return server;
}

function expectNoHiddenField(resource: Resource | undefined): void {
  expect(resource).toBeDefined();
  if (resource?.resourceType === 'Patient') {
    expect(resource).not.toHaveProperty('identifier');
    expect(resource).not.toHaveProperty('birthDate');
  }
  if (resource?.resourceType === 'Observation') expect(resource).not.toHaveProperty('valueString');
}

describe("an access policy's hidden fields leave every answer", () => {
  let server: TestServer;

  beforeEach(async () => {
    server = await serverWithPatient({
      name: [{ family: 'Hidden', given: ['Hana'] }],
      birthDate: '1970-01-01',
    });
    await server.call('PUT', 'Observation/o1', {
      resourceType: 'Observation',
      id: 'o1',
      status: 'final',
      code: { text: 'Note' },
      subject: { reference: 'Patient/p1' },
      valueString: 'secret',
    });
  });

  it('on read and vread', async () => {
    const read = await server.call<Patient>('GET', 'Patient/p1', undefined, {}, frontDesk);
    expect(read.status).toBe(200);
    expectNoHiddenField(read.body);
    expect(read.body.name?.[0]?.family).toBe('Hidden');
    expectNoHiddenField((await server.call('GET', 'Patient/p1/_history/1', undefined, {}, frontDesk)).body);
  });

  it('on search, with _include and _revinclude', async () => {
    const found = await server.call<Bundle>(
      'GET',
      'Observation?_include=Observation:subject',
      undefined,
      {},
      frontDesk
    );
    const resources = entryResources(found.body);
    expect(resources.map((r) => r.resourceType)).toEqual(['Observation', 'Patient']);
    resources.forEach(expectNoHiddenField);
    const reverse = await server.call<Bundle>(
      'GET',
      'Patient?_revinclude=Observation:subject',
      undefined,
      {},
      frontDesk
    );
    entryResources(reverse.body).forEach(expectNoHiddenField);
  });

  it('on history and in a batch', async () => {
    const history = await server.call<Bundle>('GET', 'Patient/p1/_history', undefined, {}, frontDesk);
    entryResources(history.body).forEach(expectNoHiddenField);
    const batch = await readBatch(server, ['Patient/p1', 'Observation?subject=Patient/p1'], frontDesk);
    const [read, search] = batch.body.entry ?? [];
    expectNoHiddenField(read?.resource);
    entryResources(search?.resource).forEach(expectNoHiddenField);
  });

  it('in GraphQL, so that selecting a hidden field by name (directly, in a list or through a reference) cannot reveal it', async () => {
    const query = `{
      Patient(id: "p1") { name { family } birthDate identifier { value } }
      PatientList(_count: 5) { id birthDate identifier { system value } }
      ObservationList(subject: "Patient/p1") {
        valueString
        subject { resource { ... on Patient { birthDate identifier { value } } } }
      }
    }`;
    const answer = await server.call<Resource & { data: Record<string, unknown> }>(
      'POST',
      '$graphql',
      { query },
      { 'Content-Type': 'application/json' },
      frontDesk
    );
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.Patient).toEqual({ name: [{ family: 'Hidden' }], birthDate: null, identifier: null });
    expect(data.PatientList).toEqual([{ id: 'p1', birthDate: null, identifier: null }]);
    expect(data.ObservationList).toEqual([
      { valueString: null, subject: { resource: { birthDate: null, identifier: null } } },
    ]);
    expect(JSON.stringify(answer.body)).not.toContain(SSN.value);
    // The same query without the policy answers the values, so the test would see them if they leaked.
    const unrestricted = await server.call<Resource & { data: Record<string, unknown> }>(
      'POST',
      '$graphql',
      { query },
      { 'Content-Type': 'application/json' }
    );
    expect(JSON.stringify(unrestricted.body)).toContain(SSN.value);
    expect(unrestricted.body.data.Patient).toMatchObject({ birthDate: '1970-01-01' });
  });

  it('but a caller without that policy still sees them, and the stored resource keeps them', async () => {
    const admin = await server.call<Patient>('GET', 'Patient/p1');
    expect(admin.body.identifier).toEqual([SSN]);
    expect(admin.body.birthDate).toBe('1970-01-01');
  });
});

describe("an access policy's readonly fields keep their stored values, as Medplum keeps them", () => {
  let server: TestServer;

  beforeEach(async () => {
    server = await serverWithPatient({ name: [{ family: 'Kept', given: ['Kim'] }] });
  });

  it('an update that changes a readonly field keeps the stored value and applies the rest', async () => {
    const updated = await server.call<Patient>(
      'PUT',
      'Patient/p1',
      { resourceType: 'Patient', id: 'p1', name: [{ family: 'Changed', given: ['Kimberly'] }] },
      {},
      frontDesk
    );
    expect(updated.status).toBe(200);
    expect(updated.body.name?.[0]).toEqual({ family: 'Kept', given: ['Kimberly'] });
    const stored = await server.call<Patient>('GET', 'Patient/p1');
    expect(stored.body.name?.[0]).toEqual({ family: 'Kept', given: ['Kimberly'] });
    // A hidden field the caller never saw (and so did not send back) is not lost by the update.
    expect(stored.body.identifier).toEqual([SSN]);
  });

  it('a patch of only a readonly field makes no new version', async () => {
    const patched = await server.call<Patient>(
      'PATCH',
      'Patient/p1',
      [{ op: 'replace', path: '/name/0/family', value: 'Patched' }],
      { 'Content-Type': 'application/json-patch+json' },
      frontDesk
    );
    expect(patched.status).toBe(200);
    expect(patched.body.meta?.versionId).toBe('1');
    expect((await server.call<Patient>('GET', 'Patient/p1')).body.name?.[0]?.family).toBe('Kept');
  });

  it('a create cannot set a readonly or hidden field', async () => {
    const created = await server.call<Observation>(
      'POST',
      'Observation',
      {
        resourceType: 'Observation',
        status: 'final',
        category: [{ text: 'planted' }],
        code: { text: 'New' },
        valueString: 'planted',
      },
      {},
      frontDesk
    );
    expect(created.status).toBe(201);
    const stored = await server.call<Observation>('GET', `Observation/${created.body.id}`);
    expect(stored.body).not.toHaveProperty('category');
    expect(stored.body).not.toHaveProperty('valueString');
  });
});
