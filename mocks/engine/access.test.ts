import type { AccessPolicy, Bundle, Observation, Patient, Resource } from '@medplum/fhirtypes';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  aliceContext,
  entryResources,
  issueText,
  PROJECT_ID,
  readBatch,
  testServer,
  type TestServer,
} from './test-helpers';
import type { RequestContext } from './types';

/** The policy Medplum's docs give patients: their own record, and what names them. */
const PATIENT_POLICY: AccessPolicy = {
  resourceType: 'AccessPolicy',
  name: 'Patients see their own records',
  resource: [
    { resourceType: 'Patient', criteria: 'Patient?_id=%patient.id' },
    { resourceType: 'Observation', criteria: 'Observation?subject=%patient' },
    { resourceType: 'Communication', compartment: { reference: '%patient' } },
    { resourceType: 'Practitioner', readonly: true },
  ],
};

const adminContext: RequestContext = { ...aliceContext, admin: true };

/** The policy with its parameters filled, as the auth service hands it to the engine. */
function patientContext(patientId: string): RequestContext {
  const filled = JSON.parse(
    JSON.stringify(PATIENT_POLICY)
      .replaceAll('%patient.id', patientId)
      .replaceAll('%patient', `Patient/${patientId}`)
  ) as AccessPolicy;
  return {
    projectId: PROJECT_ID,
    profile: { reference: `Patient/${patientId}` },
    login: `login-${patientId}`,
    clientId: '',
    accessPolicy: filled,
  };
}

describe('a patient with an access policy reaches only their own compartment', () => {
  let server: TestServer;
  let me: RequestContext;
  const ids = { mine: 'pat-mine', other: 'pat-other' };

  const observation = (patientId: string, text: string): Observation => ({
    resourceType: 'Observation',
    status: 'final',
    code: { text },
    subject: { reference: `Patient/${patientId}` },
  });

  beforeEach(async () => {
    server = testServer();
    for (const [id, family] of [
      [ids.mine, 'Mine'],
      [ids.other, 'Other'],
    ] as const) {
      await server.call('PUT', `Patient/${id}`, {
        resourceType: 'Patient',
        id,
        name: [{ family }],
        identifier: [{ system: 'http://hl7.org/fhir/sid/us-ssn', value: `000-00-${family.length}` }],
      });
    }
    await server.call('PUT', 'Observation/obs-mine', { ...observation(ids.mine, 'mine'), id: 'obs-mine' });
    await server.call('PUT', 'Observation/obs-other', {
      ...observation(ids.other, 'other'),
      id: 'obs-other',
    });
    await server.call('PUT', 'Practitioner/alice', { resourceType: 'Practitioner', id: 'alice' });
    me = patientContext(ids.mine);
  });

  it("hides another patient's record on read and vread (404, as if absent)", async () => {
    expect((await server.call('GET', `Patient/${ids.mine}`, undefined, {}, me)).status).toBe(200);
    const other = await server.call('GET', `Patient/${ids.other}`, undefined, {}, me);
    expect(other.status).toBe(404);
    expect(issueText(other.body)).toBe(`Patient/${ids.other} not found`);
    expect((await server.call('GET', `Patient/${ids.other}/_history/1`, undefined, {}, me)).status).toBe(404);
    expect((await server.call('GET', 'Observation/obs-other', undefined, {}, me)).status).toBe(404);
  });

  it('does not list, count or chain through other patients in a search', async () => {
    const patients = await server.call<Bundle>('GET', 'Patient?_total=accurate', undefined, {}, me);
    expect(entryResources(patients.body).map((r) => r.id)).toEqual([ids.mine]);
    expect(patients.body.total).toBe(1);
    const observations = await server.call<Bundle>('GET', 'Observation', undefined, {}, me);
    expect(entryResources(observations.body).map((r) => r.id)).toEqual(['obs-mine']);
    const chained = await server.call<Bundle>('GET', 'Observation?subject.family=Other', undefined, {}, me);
    expect(entryResources(chained.body)).toEqual([]);
  });

  it('does not leak other patients through _include or _revinclude', async () => {
    const included = await server.call<Bundle>(
      'GET',
      'Observation?_include=Observation:subject',
      undefined,
      {},
      me
    );
    expect(entryResources(included.body).map((r) => `${r.resourceType}/${r.id}`)).toEqual([
      'Observation/obs-mine',
      `Patient/${ids.mine}`,
    ]);
    const revincluded = await server.call<Bundle>(
      'GET',
      'Patient?_revinclude=Observation:subject',
      undefined,
      {},
      me
    );
    expect(entryResources(revincluded.body).map((r) => r.id)).toEqual([ids.mine, 'obs-mine']);
  });

  it('refuses a type the policy does not name with a 403 in words', async () => {
    const tasks = await server.call('GET', 'Task', undefined, {}, me);
    expect(tasks.status).toBe(403);
    expect(issueText(tasks.body)).toBe('Your access policy does not allow search of Task resources');
  });

  it("leaves other patients' versions out of instance and type history", async () => {
    expect((await server.call('GET', `Patient/${ids.other}/_history`, undefined, {}, me)).status).toBe(404);
    const history = await server.call<Bundle>('GET', 'Observation/_history', undefined, {}, me);
    expect(entryResources(history.body).map((r) => r.id)).toEqual(['obs-mine']);
    await server.call('DELETE', 'Observation/obs-other');
    const afterDelete = await server.call<Bundle>('GET', 'Observation/_history', undefined, {}, me);
    expect(afterDelete.body.entry?.map((entry) => entry.fullUrl)).toEqual([
      expect.stringContaining('Observation/obs-mine'),
    ]);
  });

  it("answers a batch's entries one by one within the compartment", async () => {
    const batch = await readBatch(server, [`Patient/${ids.mine}`, `Patient/${ids.other}`, 'Patient'], me);
    const entries = batch.body.entry ?? [];
    expect(entries.map((entry) => entry.response?.status)).toEqual(['200', '404', '200']);
    expect(entryResources((entries[2]?.resource ?? {}) as Bundle).map((r) => r.id)).toEqual([ids.mine]);
  });

  it("refuses to write into another patient's compartment, and a transaction that tries changes nothing", async () => {
    const create = await server.call('POST', 'Observation', observation(ids.other, 'planted'), {}, me);
    expect(create.status).toBe(403);
    const moved = await server.call(
      'PUT',
      'Observation/obs-mine',
      { ...observation(ids.other, 'moved'), id: 'obs-mine' },
      {},
      me
    );
    expect(moved.status).toBe(403);
    const update = await server.call(
      'PUT',
      'Observation/obs-other',
      { ...observation(ids.mine, 'taken'), id: 'obs-other' },
      {},
      me
    );
    expect(update.status).toBe(404);
    expect((await server.call('DELETE', `Patient/${ids.other}`, undefined, {}, me)).status).toBe(404);
    const transaction = await server.call(
      'POST',
      '',
      {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          { request: { method: 'POST', url: 'Observation' }, resource: observation(ids.mine, 'fine') },
          { request: { method: 'POST', url: 'Observation' }, resource: observation(ids.other, 'planted') },
        ],
      },
      {},
      me
    );
    expect(transaction.status).toBe(403);
    const all = await server.call<Bundle>('GET', 'Observation?_count=100');
    expect(entryResources(all.body).map((r) => (r as Observation).code?.text)).toEqual(['mine', 'other']);
  });

  it('lets the patient write within their compartment, and read a readonly type but not write it', async () => {
    const created = await server.call('POST', 'Observation', observation(ids.mine, 'new'), {}, me);
    expect(created.status).toBe(201);
    const patched = await server.call(
      'PATCH',
      `Patient/${ids.mine}`,
      [{ op: 'add', path: '/gender', value: 'female' }],
      { 'Content-Type': 'application/json-patch+json' },
      me
    );
    expect(patched.status).toBe(200);
    expect((await server.call('GET', 'Practitioner/alice', undefined, {}, me)).status).toBe(200);
    const write = await server.call(
      'PUT',
      'Practitioner/alice',
      { resourceType: 'Practitioner', id: 'alice', active: false },
      {},
      me
    );
    expect(write.status).toBe(403);
  });

  it("places a message in the patient's compartment by FHIR's Patient compartment (sender, recipient, subject)", async () => {
    await server.call('POST', 'Communication', {
      resourceType: 'Communication',
      status: 'completed',
      sender: { reference: `Patient/${ids.mine}` },
    });
    await server.call('POST', 'Communication', {
      resourceType: 'Communication',
      status: 'completed',
      recipient: [{ reference: `Patient/${ids.other}` }],
    });
    const mine = await server.call<Bundle>('GET', 'Communication', undefined, {}, me);
    expect(
      entryResources(mine.body).map((r) => (r as { sender?: { reference?: string } }).sender?.reference)
    ).toEqual([`Patient/${ids.mine}`]);
  });

  it('does not let a write body borrow a stored version to pass the check', async () => {
    const current = (await server.call<Observation>('GET', 'Observation/obs-mine')).body;
    const sneaky = { ...current, subject: { reference: `Patient/${ids.other}` } };
    const answer = await server.call('PUT', 'Observation/obs-mine', sneaky, {}, me);
    expect(answer.status).toBe(403);
  });
});

describe('project admin rights', () => {
  let server: TestServer;
  beforeEach(() => {
    server = testServer();
  });

  it('refuses Bot create and update via FHIR to a member who is not an admin', async () => {
    const bot = { resourceType: 'Bot', name: 'sneaky' } as Resource;
    const refused = await server.call('POST', 'Bot', bot);
    expect(refused.status).toBe(403);
    expect(issueText(refused.body)).toBe('Only a project admin can change Bot resources');
    const created = await server.call<Resource>('POST', 'Bot', bot, {}, adminContext);
    expect(created.status).toBe(201);
    expect((await server.call('GET', `Bot/${created.body.id}`)).status).toBe(200);
    const update = await server.call('PUT', `Bot/${created.body.id}`, { ...created.body, name: 'changed' });
    expect(update.status).toBe(403);
  });

  it("keeps a project's settings and policies to its admins, and each admin to their own project", async () => {
    const settings = { resourceType: 'Project', id: PROJECT_ID, name: 'Test project' } as Resource;
    expect((await server.call('PUT', `Project/${PROJECT_ID}`, settings)).status).toBe(403);
    expect((await server.call('GET', 'Project')).status).toBe(403);
    expect((await server.call('PUT', `Project/${PROJECT_ID}`, settings, {}, adminContext)).status).toBe(201);
    const elsewhere = { ...settings, id: 'project-2' } as Resource;
    expect((await server.call('PUT', 'Project/project-2', elsewhere, {}, adminContext)).status).toBe(403);
    const policy = { resourceType: 'AccessPolicy', name: 'wide open', resource: [{ resourceType: '*' }] };
    expect((await server.call('POST', 'AccessPolicy', policy)).status).toBe(403);
    expect((await server.call('POST', 'AccessPolicy', policy, {}, adminContext)).status).toBe(201);
  });

  it('lets a member without a policy reach every ordinary type', async () => {
    const patient: Patient = { resourceType: 'Patient', name: [{ family: 'Open' }] };
    expect((await server.call('POST', 'Patient', patient)).status).toBe(201);
    expect((await server.call('GET', 'Patient')).status).toBe(200);
  });
});
