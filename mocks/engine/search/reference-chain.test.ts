import type { Communication, Group, Patient, Practitioner, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from './test-store';

const resources = [
  {
    resourceType: 'Practitioner',
    id: 'alice',
    name: [{ family: 'Smith' }],
    address: [{ state: 'NY' }],
  } as Practitioner,
  { resourceType: 'Patient', id: 'p-ny', name: [{ family: 'Smith' }], address: [{ state: 'NY' }] } as Patient,
  { resourceType: 'Patient', id: 'p-tx', name: [{ family: 'Jones' }], address: [{ state: 'TX' }] } as Patient,
  { resourceType: 'Group', id: 'g1', type: 'person', actual: true, name: 'Smith family' } as Group,
  {
    resourceType: 'Task',
    id: 't1',
    status: 'ready',
    intent: 'order',
    for: { reference: 'Patient/p-ny' },
    owner: { reference: 'Practitioner/alice' },
  } as Task,
  {
    resourceType: 'Task',
    id: 't2',
    status: 'ready',
    intent: 'order',
    for: { reference: 'https://fhir.example.org/R4/Patient/p-tx' },
  } as Task,
  {
    resourceType: 'Task',
    id: 't3',
    status: 'ready',
    intent: 'order',
    for: { reference: 'Group/g1' },
  } as Task,
  {
    resourceType: 'Task',
    id: 't4',
    status: 'ready',
    intent: 'order',
    owner: { identifier: { system: 'http://npi.example', value: '123' } },
  } as Task,
  {
    resourceType: 'Communication',
    id: 'c1',
    status: 'completed',
    partOf: [{ reference: 'Task/t1' }],
    subject: { reference: 'Patient/p-ny' },
  } as Communication,
];

const store = new MemoryStore(resources);

describe('reference parameters', () => {
  it('match Type/id and a bare id', () => {
    expect(store.ids('Task', 'owner=Practitioner/alice')).toEqual(['t1']);
    expect(store.ids('Task', 'owner=alice')).toEqual(['t1']);
    expect(store.ids('Task', 'subject=g1')).toEqual(['t3']);
  });

  it('match an absolute URL against relative and absolute references', () => {
    expect(store.ids('Task', 'subject=https://fhir.example.org/R4/Patient/p-tx')).toEqual(['t2']);
    expect(store.ids('Task', 'subject=https://elsewhere.example/Patient/p-ny')).toEqual(['t1']);
  });

  it('patient keeps only references whose type is Patient, relative or absolute', () => {
    expect(store.ids('Task', 'patient=p-ny,p-tx,g1')).toEqual(['t1', 't2']);
    expect(store.ids('Task', 'subject=p-ny,p-tx,g1')).toEqual(['t1', 't2', 't3']);
  });

  it('a target type modifier restricts the reference type', () => {
    expect(store.ids('Task', 'subject:Patient=p-ny')).toEqual(['t1']);
    expect(store.ids('Task', 'subject:Group=p-ny')).toEqual([]);
    expect(store.ids('Task', 'subject:Group=g1')).toEqual(['t3']);
  });

  it(':identifier matches the reference identifier', () => {
    expect(store.ids('Task', 'owner:identifier=http://npi.example|123')).toEqual(['t4']);
  });

  it(':missing finds resources with and without the reference', () => {
    expect(store.ids('Task', 'owner:missing=true')).toEqual(['t2', 't3']);
    expect(store.ids('Task', 'owner:missing=false')).toEqual(['t1', 't4']);
  });

  it('rejects malformed references and unknown target types', () => {
    expect(store.rejection('Task', 'owner=practitioner/x/y').status).toBe(400);
    expect(store.rejection('Task', 'patient:Practitioner=alice').message).toContain('patient:Practitioner');
  });
});

describe('chained parameters', () => {
  it('patient.address-state follows the reference to the patient', () => {
    expect(store.ids('Task', 'patient.address-state=NY')).toEqual(['t1']);
    expect(store.ids('Task', 'patient.address-state=TX')).toEqual(['t2']);
    expect(store.ids('Task', 'patient.address-state=NY,TX')).toEqual(['t1', 't2']);
  });

  it('a typed chain like subject:Patient.name only follows references of that type', () => {
    expect(store.ids('Task', 'subject:Patient.name=smith')).toEqual(['t1']);
    expect(store.ids('Task', 'subject:Group.name=smith')).toEqual(['t3']);
  });

  it('an untyped chain tries every target type that has the parameter', () => {
    expect(store.ids('Task', 'subject.name=smith')).toEqual(['t1', 't3']);
  });

  it('combines with other parameters and chains over several links', () => {
    expect(store.ids('Task', 'patient.address-state=NY&owner.name=smith')).toEqual(['t1']);
    expect(store.ids('Communication', 'part-of:Task.patient.address-state=NY')).toEqual(['c1']);
    expect(store.ids('Communication', 'part-of:Task.patient.address-state=TX')).toEqual([]);
  });

  it('rejects a chain on a non-reference parameter or to an unknown parameter', () => {
    expect(store.rejection('Task', 'status.name=x').message).toContain('status.name');
    expect(store.rejection('Task', 'patient.shoe-size=9').message).toContain('Bad chain');
    expect(store.rejection('Task', 'patient.birthdate=notadate').status).toBe(400);
  });
});
