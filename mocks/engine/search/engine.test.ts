import type { Questionnaire, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { listSearchParameters } from './definitions';
import { MemoryStore } from './test-store';

const task = (id: string, owner: string, status: Task['status']): Task => ({
  resourceType: 'Task',
  id,
  status,
  intent: 'order',
  owner: { reference: owner },
});

describe('search parameter definitions', () => {
  it('lists the published R4 parameters and the Medplum ones', () => {
    const params = listSearchParameters();
    const has = (code: string, base: string): boolean =>
      params.some((p) => p.code === code && (p.base ?? []).includes(base as never));
    expect(params.length).toBeGreaterThan(1000);
    expect(has('priority-order', 'Task')).toBe(true);
    expect(has('due-date', 'Task')).toBe(true);
    expect(has('address-state', 'Patient')).toBe(true);
  });
});

describe('the engine keeps its indexes current through noteWrite', () => {
  it('finds created resources, follows updates and forgets deleted ones', () => {
    const store = new MemoryStore([
      task('t1', 'Practitioner/a', 'ready'),
      task('t2', 'Practitioner/b', 'ready'),
    ]);
    expect(store.ids('Task', 'owner=Practitioner/a')).toEqual(['t1']);

    store.put(task('t3', 'Practitioner/a', 'ready'));
    expect(store.ids('Task', 'owner=Practitioner/a')).toEqual(['t1', 't3']);

    store.put(task('t1', 'Practitioner/b', 'completed'));
    expect(store.ids('Task', 'owner=Practitioner/a')).toEqual(['t3']);
    expect(store.ids('Task', 'owner=Practitioner/b&status=completed')).toEqual(['t1']);
    expect(store.ids('Task', 'owner=Practitioner/b')).toEqual(['t1', 't2']);

    store.delete('Task', 't3');
    expect(store.ids('Task', 'owner=Practitioner/a')).toEqual([]);
    expect(store.ids('Task', 'status:not=completed')).toEqual(['t2']);
  });

  it('answers chained searches after the target changes', () => {
    const store = new MemoryStore([
      { resourceType: 'Patient', id: 'p', address: [{ state: 'NY' }] },
      { resourceType: 'Task', id: 't', status: 'ready', intent: 'order', for: { reference: 'Patient/p' } },
    ]);
    expect(store.ids('Task', 'patient.address-state=NY')).toEqual(['t']);
    store.put({ resourceType: 'Patient', id: 'p', address: [{ state: 'CA' }] });
    expect(store.ids('Task', 'patient.address-state=NY')).toEqual([]);
    expect(store.ids('Task', 'patient.address-state=CA')).toEqual(['t']);
  });

  it('searches any resource type, not only the hot ones', () => {
    const q: Questionnaire = {
      resourceType: 'Questionnaire',
      id: 'q',
      status: 'active',
      url: 'http://example.org/q/intake',
    };
    const store = new MemoryStore([q]);
    expect(store.ids('Questionnaire', 'url=http://example.org/q/intake')).toEqual(['q']);
    expect(store.ids('Questionnaire', 'url:below=http://example.org/q')).toEqual(['q']);
    expect(store.ids('Questionnaire', 'url=http://example.org/q')).toEqual([]);
    expect(store.ids('Questionnaire', 'status=active')).toEqual(['q']);
  });

  it('rejects composite and special parameters as unsupported', () => {
    const store = new MemoryStore();
    expect(store.rejection('Observation', 'code-value-quantity=1234$gt5').status).toBe(400);
    expect(store.rejection('Location', 'near=42|-71|10|km').status).toBe(400);
  });
});
