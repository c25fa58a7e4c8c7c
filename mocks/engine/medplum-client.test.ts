import {
  ClientStorage,
  MedplumClient,
  MemoryStorage,
  normalizeErrorString,
  OperationOutcomeError,
} from '@medplum/core';
import type { Bundle, Patient, Task, ValueSet } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { createFhirEngine } from './engine';
import { aliceContext, PROJECT_ID } from './test-helpers';
import { ManualClock } from '@/fhir/testing/manual-clock';

/** Medplum's own client, unchanged, talking to the engine (the auth layer is left out here). */
function connect(): MedplumClient {
  const engine = createFhirEngine({ clock: new ManualClock() });
  engine.load({ projects: [{ id: PROJECT_ID, name: 'P' }], resources: [] });
  return new MedplumClient({
    baseUrl: 'http://localhost/',
    storage: new ClientStorage(new MemoryStorage()),
    cacheTime: 0,
    fetch: (url: string, init?: RequestInit) => engine.handle(new Request(url, init), aliceContext),
  });
}

describe("Medplum's client against the engine", () => {
  it('creates, reads, updates, patches, deletes and reads history', async () => {
    const medplum = connect();
    const patient = await medplum.createResource<Patient>({
      resourceType: 'Patient',
      name: [{ family: 'Doe' }],
    });
    expect(patient.meta?.versionId).toBe('1');
    const read = await medplum.readResource('Patient', patient.id as string);
    expect(read.name?.[0]?.family).toBe('Doe');
    const updated = await medplum.updateResource<Patient>({ ...read, gender: 'female' });
    expect(updated.meta?.versionId).toBe('2');
    const patched = await medplum.patchResource('Patient', patient.id as string, [
      { op: 'test', path: '/meta/versionId', value: '2' },
      { op: 'replace', path: '/gender', value: 'other' },
    ]);
    expect(patched.gender).toBe('other');
    await medplum.deleteResource('Patient', patient.id as string);
    const history = await medplum.readHistory('Patient', patient.id as string);
    expect(history.entry?.map((e) => e.request?.method)).toEqual(['DELETE', 'PATCH', 'PUT', 'POST']);
    await expect(medplum.readResource('Patient', patient.id as string)).rejects.toThrow();
  });

  it('reports a stale patch as a precondition failure', async () => {
    const medplum = connect();
    const task = await medplum.createResource<Task>({
      resourceType: 'Task',
      status: 'ready',
      intent: 'order',
    });
    await medplum.updateResource<Task>({ ...task, status: 'in-progress' });
    const stale = medplum.patchResource('Task', task.id as string, [
      { op: 'test', path: '/meta/versionId', value: '1' },
      { op: 'replace', path: '/status', value: 'completed' },
    ]);
    await expect(stale).rejects.toSatisfy((error: unknown) =>
      normalizeErrorString(error).includes('Test failed')
    );
  });

  it('searches, creates if none exists, upserts, runs a batch and expands a value set', async () => {
    const medplum = connect();
    const identifier = [{ system: 'urn:mrn', value: '1' }];
    const first = await medplum.createResourceIfNoneExist<Patient>(
      { resourceType: 'Patient', identifier },
      'identifier=urn:mrn|1'
    );
    const again = await medplum.createResourceIfNoneExist<Patient>(
      { resourceType: 'Patient', identifier },
      'identifier=urn:mrn|1'
    );
    expect(again.id).toBe(first.id);
    const upserted = await medplum.upsertResource<Patient>(
      { resourceType: 'Patient', identifier, gender: 'male' },
      'identifier=urn:mrn|1'
    );
    expect(upserted.id).toBe(first.id);
    const found = await medplum.searchResources('Patient', { identifier: 'urn:mrn|1' });
    expect(found.map((p) => p.gender)).toEqual(['male']);

    const batch = await medplum.executeBatch({
      resourceType: 'Bundle',
      type: 'batch',
      entry: [
        {
          request: { method: 'POST', url: 'ValueSet' },
          resource: {
            resourceType: 'ValueSet',
            status: 'active',
            url: 'http://vs',
            compose: {
              include: [
                {
                  system: 'http://cs',
                  concept: [
                    { code: 'a', display: 'Apple' },
                    { code: 'b', display: 'Banana' },
                  ],
                },
              ],
            },
          },
        },
      ],
    } as Bundle);
    expect(batch.entry?.[0]?.response?.status).toBe('201');
    const expanded: ValueSet = await medplum.valueSetExpand({ url: 'http://vs', filter: 'ban' });
    expect(expanded.expansion?.contains?.map((c) => c.code)).toEqual(['b']);
  });

  it('receives the OperationOutcome of an invalid resource, from a create and from validateResource', async () => {
    const medplum = connect();
    const invalid: Patient = { resourceType: 'Patient', birthDate: 'tomorrow', gender: 'unknown' };
    const refusal = await medplum.createResource(invalid).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(OperationOutcomeError);
    const issue = (refusal as OperationOutcomeError).outcome.issue?.[0];
    expect(issue?.expression).toEqual(['Patient.birthDate']);
    expect(normalizeErrorString(refusal)).toContain('Invalid date format');
    await expect(medplum.validateResource(invalid)).rejects.toSatisfy(
      (error: unknown) =>
        error instanceof OperationOutcomeError &&
        error.outcome.issue?.[0]?.expression?.[0] === 'Patient.birthDate'
    );
    const ok = await medplum.validateResource({ ...invalid, birthDate: '2001-02-03' });
    expect(ok.issue?.[0]?.code).toBe('informational');
    expect(await medplum.searchResources('Patient', { _count: '10' })).toHaveLength(0);
  });
});
