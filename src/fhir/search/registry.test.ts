import type { SearchParameter, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { splitUnion } from './expression';
import { SearchParamRegistry } from './registry';

const sp = (
  code: string,
  base: string[],
  type: SearchParameter['type'],
  expression: string
): SearchParameter => ({
  resourceType: 'SearchParameter',
  url: `http://example.org/sp/${code}`,
  name: code,
  status: 'active',
  description: code,
  code,
  base: base as SearchParameter['base'],
  type,
  expression,
});

const registry = new SearchParamRegistry([
  sp('_id', ['Resource'], 'token', 'Resource.id'),
  sp('_lastUpdated', ['Resource'], 'date', 'Resource.meta.lastUpdated'),
  sp(
    'patient',
    ['Task', 'Communication'],
    'reference',
    'Task.for.where(resolve() is Patient) | Communication.subject.where(resolve() is Patient)'
  ),
  sp('state', ['Patient', 'Practitioner'], 'string', 'Patient.address.state | Practitioner.address.state'),
  sp('rank', ['Task'], 'number', "iif(priority = 'stat', 50, 10)"),
  sp('rank', ['Task'], 'number', "iif(priority = 'stat', 99, 1)"),
  sp('kind', ['Task'], 'token', 'Task.focus.resolve().resourceType'),
  sp('effective', ['Observation'], 'date', 'Observation.effective'),
]);

const task: Task = {
  resourceType: 'Task',
  id: 't1',
  meta: { lastUpdated: '2024-05-01T00:00:00Z' },
  status: 'ready',
  intent: 'order',
  priority: 'stat',
  for: { reference: 'https://fhir.example.org/Patient/p1' },
  focus: { reference: 'ServiceRequest/s1' },
};

describe('SearchParamRegistry', () => {
  it('gives every type the Resource parameters, evaluated on that type', () => {
    expect(registry.getParam('Task', '_id')?.extract(task)).toEqual([{ kind: 'token', code: 't1' }]);
    const [updated] = registry.getParam('Task', '_lastUpdated')?.extract(task) ?? [];
    expect(updated).toMatchObject({ kind: 'date', start: Date.parse('2024-05-01T00:00:00Z') });
  });

  it('answers where(resolve() is T) from the reference type, even for absolute URLs', () => {
    const values = registry.getParam('Task', 'patient')?.extract(task);
    expect(values).toEqual([
      {
        kind: 'reference',
        ref: 'https://fhir.example.org/Patient/p1',
        type: 'Patient',
        id: 'p1',
        identifier: undefined,
      },
    ]);
    expect(registry.getParam('Task', 'patient')?.extract({ ...task, for: { reference: 'Group/g' } })).toEqual(
      []
    );
    expect(registry.getParam('Task', 'kind')?.extract(task)).toEqual([
      { kind: 'token', code: 'ServiceRequest' },
    ]);
  });

  it('keeps only the union branches of the type asked for', () => {
    const state = registry.getParam('Patient', 'state');
    expect(state?.extract({ resourceType: 'Patient', address: [{ state: 'NY' }] })).toEqual([
      { kind: 'string', raw: 'NY', norm: 'ny' },
    ]);
    expect(registry.getParam('Task', 'state')).toBeUndefined();
  });

  it('lets a later definition of the same code replace an earlier one', () => {
    expect(registry.getParam('Task', 'rank')?.extract(task)).toEqual([{ kind: 'number', value: 99 }]);
  });
});

describe('plain paths', () => {
  it('read a choice property such as effectiveDateTime or effectivePeriod', () => {
    const effective = registry.getParam('Observation', 'effective');
    const obs = { resourceType: 'Observation', status: 'final', code: {} } as const;
    expect(effective?.extract({ ...obs, effectiveDateTime: '2024' })).toEqual([
      { kind: 'date', start: Date.parse('2024-01-01T00:00:00Z'), end: Date.parse('2025-01-01T00:00:00Z') },
    ]);
    expect(effective?.extract({ ...obs, effectivePeriod: { start: '2024-01-01' } })).toEqual([
      { kind: 'date', start: Date.parse('2024-01-01T00:00:00Z'), end: Infinity },
    ]);
    expect(effective?.extract({ ...obs })).toEqual([]);
  });
});

describe('splitUnion', () => {
  it('splits on | outside parentheses and quotes', () => {
    expect(splitUnion("A.b | A.c.where(d = 'x|y') | (A.e | A.f)")).toEqual([
      'A.b',
      "A.c.where(d = 'x|y')",
      '(A.e | A.f)',
    ]);
  });
});
