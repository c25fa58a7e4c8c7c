import type { Patient, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from './test-store';

const patients: Patient[] = [
  {
    resourceType: 'Patient',
    id: 'renee',
    name: [{ family: 'Lefèvre', given: ['Renée'] }],
    address: [{ state: 'NY', city: 'New York' }],
    gender: 'female',
    active: true,
    identifier: [{ system: 'http://hospital.example/mrn', value: 'MRN-1' }],
  },
  {
    resourceType: 'Patient',
    id: 'lee',
    name: [{ family: 'Lee', given: ['Sam'] }],
    address: [{ state: 'CA' }],
    gender: 'male',
    identifier: [{ value: 'LOCAL-7' }],
  },
  { resourceType: 'Patient', id: 'anon', gender: 'unknown', active: false },
];

const tasks: Task[] = [
  {
    resourceType: 'Task',
    id: 'a',
    status: 'ready',
    intent: 'order',
    code: { coding: [{ system: 'http://example.org/task', code: 'review', display: 'Review results' }] },
  },
  {
    resourceType: 'Task',
    id: 'b',
    status: 'completed',
    intent: 'order',
    code: { coding: [{ code: 'call' }] },
  },
  {
    resourceType: 'Task',
    id: 'c',
    status: 'in-progress',
    intent: 'plan',
    code: { text: 'Call the pharmacy' },
  },
];

const store = new MemoryStore([...patients, ...tasks]);

describe('string parameters', () => {
  it('match by prefix, ignoring case and accents', () => {
    expect(store.ids('Patient', 'family=lefev')).toEqual(['renee']);
    expect(store.ids('Patient', 'name=RENEE')).toEqual(['renee']);
    expect(store.ids('Patient', 'family=evre')).toEqual([]);
  });

  it(':exact matches the whole value with its case and accents', () => {
    expect(store.ids('Patient', 'family:exact=Lefèvre')).toEqual(['renee']);
    expect(store.ids('Patient', 'family:exact=lefèvre')).toEqual([]);
    expect(store.ids('Patient', 'family:exact=Lefevre')).toEqual([]);
  });

  it(':contains matches anywhere in the value', () => {
    expect(store.ids('Patient', 'family:contains=EVR')).toEqual(['renee']);
    expect(store.ids('Patient', 'name:contains=am')).toEqual(['lee']);
  });

  it('search address parts such as the state', () => {
    expect(store.ids('Patient', 'address-state=ny')).toEqual(['renee']);
    expect(store.ids('Patient', 'address-city=new')).toEqual(['renee']);
  });

  it('comma means any of the values, a repeated parameter means all of them', () => {
    expect(store.ids('Patient', 'family=lee,lef')).toEqual(['renee', 'lee']);
    expect(store.ids('Patient', 'family=lee&given=sam')).toEqual(['lee']);
    expect(store.ids('Patient', 'family=lee&given=renee')).toEqual([]);
  });
});

describe('token parameters', () => {
  it('match a code in any system', () => {
    expect(store.ids('Task', 'code=review')).toEqual(['a']);
    expect(store.ids('Task', 'status=ready,completed')).toEqual(['a', 'b']);
  });

  it('match system|code, |code (no system) and system|', () => {
    expect(store.ids('Task', 'code=http://example.org/task|review')).toEqual(['a']);
    expect(store.ids('Task', 'code=http://other.org|review')).toEqual([]);
    expect(store.ids('Task', 'code=|call')).toEqual(['b']);
    expect(store.ids('Task', 'code=|review')).toEqual([]);
    expect(store.ids('Task', 'code=http://example.org/task|')).toEqual(['a']);
  });

  it('match identifiers and booleans', () => {
    expect(store.ids('Patient', 'identifier=http://hospital.example/mrn|MRN-1')).toEqual(['renee']);
    expect(store.ids('Patient', 'identifier=LOCAL-7')).toEqual(['lee']);
    expect(store.ids('Patient', 'active=false')).toEqual(['anon']);
  });

  it(':not returns resources with no matching value, including those without any value', () => {
    expect(store.ids('Task', 'status:not=completed')).toEqual(['a', 'c']);
    expect(store.ids('Task', 'status:not=completed,ready')).toEqual(['c']);
    expect(store.ids('Patient', 'active:not=true')).toEqual(['lee', 'anon']);
  });

  it(':text matches the display or text by prefix', () => {
    expect(store.ids('Task', 'code:text=review')).toEqual(['a']);
    expect(store.ids('Task', 'code:text=call the')).toEqual(['c']);
  });

  it('_id matches resource ids', () => {
    expect(store.ids('Patient', '_id=lee,anon')).toEqual(['lee', 'anon']);
    expect(store.ids('Patient', '_id=nobody')).toEqual([]);
  });
});

describe(':missing on every type', () => {
  it('true selects resources without a value, false those with one', () => {
    expect(store.ids('Patient', 'family:missing=true')).toEqual(['anon']);
    expect(store.ids('Patient', 'family:missing=false')).toEqual(['renee', 'lee']);
    expect(store.ids('Task', 'code:missing=false')).toEqual(['a', 'b', 'c']);
    expect(store.ids('Patient', 'birthdate:missing=true')).toEqual(['renee', 'lee', 'anon']);
  });

  it('rejects values other than true and false', () => {
    const err = store.rejection('Patient', 'family:missing=yes');
    expect(err.status).toBe(400);
    expect(err.message).toContain('family:missing');
  });
});

describe('bad string and token queries', () => {
  it('reject unknown parameters with a 400 naming them', () => {
    const err = store.rejection('Patient', 'shoe-size=42');
    expect(err.status).toBe(400);
    expect(err.message).toContain('shoe-size');
    expect(err.toOutcome().issue?.[0]?.expression).toEqual(['shoe-size']);
  });

  it('reject unknown modifiers', () => {
    expect(store.rejection('Patient', 'family:sounds-like=lee').message).toContain('sounds-like');
    expect(store.rejection('Task', 'status:contains=rea').status).toBe(400);
  });

  it('reject a malformed token', () => {
    expect(store.rejection('Task', 'code=a|b|c').status).toBe(400);
  });

  it('reject _has as unsupported', () => {
    expect(store.rejection('Patient', '_has:Observation:patient:code=1234').status).toBe(400);
  });
});
