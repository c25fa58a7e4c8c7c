import type { Bundle, Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { testServer } from './test-helpers';

describe('operations', () => {
  it('Patient/$everything returns the patient and what references it', async () => {
    const { call } = testServer();
    const patient = (await call<Patient>('POST', 'Patient', { resourceType: 'Patient' })).body;
    const other = (await call<Patient>('POST', 'Patient', { resourceType: 'Patient' })).body;
    const ref = (p: Patient) => ({ reference: `Patient/${p.id}` });
    await call('POST', 'Task', { resourceType: 'Task', status: 'ready', intent: 'order', for: ref(patient) });
    await call('POST', 'Observation', {
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'Heart rate' },
      subject: ref(patient),
    });
    await call('POST', 'Task', { resourceType: 'Task', status: 'ready', intent: 'order', for: ref(other) });
    const answer = await call<Bundle>('GET', `Patient/${patient.id}/$everything`);
    expect(answer.status).toBe(200);
    expect(answer.body.entry?.map((e) => e.resource?.resourceType)).toEqual([
      'Patient',
      'Task',
      'Observation',
    ]);
  });

  it('$validate accepts a resource of the type and rejects one of another', async () => {
    const { call } = testServer();
    expect((await call('POST', 'Patient/$validate', { resourceType: 'Patient' })).status).toBe(200);
    expect((await call('POST', 'Patient/$validate', { resourceType: 'Task' })).status).toBe(400);
  });

  it('answers an unsupported operation with 400, not 500', async () => {
    const { call } = testServer();
    const answer = await call('GET', 'Patient/$frobnicate');
    expect(answer.status).toBe(400);
    expect(answer.body.resourceType).toBe('OperationOutcome');
  });
});
