import { describe, expect, it } from 'vitest';
import { planTaskNarrowing, stateCondition } from './narrowing';
import { myTasks, roleQueue, stateQueue } from '@/fhir/task-queues';

const plan = (query: string | URLSearchParams) => planTaskNarrowing(new URLSearchParams(query));

describe('narrowing a Task search by the replica’s queue fields', () => {
  it('turns the queue filters into field conditions', () => {
    expect(plan(myTasks('Practitioner/p1'))).toEqual({
      conditions: [{ field: 'owner', anyOf: ['Practitioner/p1'] }],
      states: [],
    });
    expect(plan(roleQueue('158965000')).conditions).toEqual([
      { field: 'owner', anyOf: [''] },
      { field: 'performer', anyOf: ['158965000'] },
    ]);
    expect(plan(stateQueue('NY'))).toEqual({
      conditions: [{ field: 'owner', anyOf: [''] }],
      states: [{ mode: 'prefix', values: ['NY'] }],
    });
  });

  it('takes the code of system|code tokens and every value of a list', () => {
    expect(plan('status=ready,on-hold&performer=http://snomed.info/sct|158965000').conditions).toEqual([
      { field: 'status', anyOf: ['ready', 'on-hold'] },
      { field: 'performer', anyOf: ['158965000'] },
    ]);
  });

  it('leaves to the full search what it cannot narrow safely', () => {
    const skipped = [
      'status:not=completed',
      'owner:missing=false',
      'owner=https://fhir.example.org/Practitioner/p1',
      'owner=p1',
      'owner=Practitioner/p1/_history/2',
      'performer=http://snomed.info/sct|',
      'status=a\\,b',
      'patient.address-state:missing=true',
      'owner:Practitioner=p1',
    ];
    for (const query of skipped) expect(plan(query), query).toEqual({ conditions: [], states: [] });
  });

  it('matches stored states as a string search does: prefix, any case and accent', () => {
    const stored = ['NY', 'ny', 'NYC', 'New York', 'CA', 'Québec'];
    expect(stateCondition({ mode: 'prefix', values: ['ny'] }, stored).anyOf).toEqual(['NY', 'ny', 'NYC']);
    expect(stateCondition({ mode: 'exact', values: ['NY'] }, stored).anyOf).toEqual(['NY']);
    expect(stateCondition({ mode: 'contains', values: ['york', 'bec'] }, stored).anyOf).toEqual([
      'New York',
      'Québec',
    ]);
    expect(plan('patient:Patient.address-state:exact=NY,CA').states).toEqual([
      { mode: 'exact', values: ['NY', 'CA'] },
    ]);
  });
});
