import type { Resource, SearchParameter } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { SearchError } from './errors';
import { search } from './execute';
import { SearchParamRegistry } from './registry';
import type { SearchSource } from './types';

const registry = new SearchParamRegistry([
  {
    resourceType: 'SearchParameter',
    url: 'http://example.org/sp/status',
    name: 'status',
    status: 'active',
    description: 'status',
    code: 'status',
    base: ['Task'],
    type: 'token',
    expression: '(Task.status | Communication.status)',
  } as SearchParameter,
]);

const resources: Resource[] = [
  { resourceType: 'Task', id: '1', status: 'ready', intent: 'order' },
  { resourceType: 'Task', id: '2', status: 'completed', intent: 'order' },
];

/** The simplest source: no cache, no index, as a local query engine might start. */
const source: SearchSource = {
  resourcesOfType: (type) => resources.filter((r) => r.resourceType === type),
  get: (type, id) => resources.find((r) => r.resourceType === type && r.id === id),
  valuesOf: (resource, param) => param.extract(resource),
};

describe('search over any SearchSource', () => {
  it('filters with the definitions it was given, even inside a parenthesised union', () => {
    const result = search(source, registry, 'Task', new URLSearchParams('status=ready'));
    expect(result.resources.map((r) => r.id)).toEqual(['1']);
    expect(result.total).toBe(1);
  });

  it('throws SearchError naming the parameter for bad input', () => {
    const attempt = (): unknown =>
      search(source, registry, 'Task', new URLSearchParams('owner=Practitioner/x'));
    expect(attempt).toThrow(SearchError);
    try {
      attempt();
    } catch (err) {
      expect((err as SearchError).parameter).toBe('owner');
    }
  });
});
