import type { Bundle, CapabilityStatement, SearchParameter, StructureDefinition } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { entryResources, OTHER_PROJECT_ID, aliceContext, testServer } from './test-helpers';

describe('global definitions', () => {
  it('serves StructureDefinition by name, by url and by id to every project', async () => {
    const { call } = testServer();
    const byName = (await call<Bundle>('GET', 'StructureDefinition?name=Patient')).body;
    const names = entryResources(byName).map((r) => (r as StructureDefinition).name);
    expect(names).toContain('Patient');
    const url = 'http://hl7.org/fhir/StructureDefinition/Task';
    const byUrl = (await call<Bundle>('GET', `StructureDefinition?url=${encodeURIComponent(url)}`)).body;
    expect(byUrl.total).toBe(1);
    expect((entryResources(byUrl)[0] as StructureDefinition).type).toBe('Task');
    const other = { ...aliceContext, projectId: OTHER_PROJECT_ID };
    const read = await call<StructureDefinition>('GET', 'StructureDefinition/Patient', undefined, {}, other);
    expect(read.status).toBe(200);
    expect(read.body.snapshot?.element?.length).toBeGreaterThan(10);
    expect(read.headers.get('etag')).toBe('W/"1"');
  });

  it('serves data type definitions and the server-specific resource types', async () => {
    const { call } = testServer();
    expect((await call('GET', 'StructureDefinition/HumanName')).status).toBe(200);
    const bot = (await call<Bundle>('GET', 'StructureDefinition?name:exact=Bot')).body;
    expect(bot.total).toBe(1);
  });

  it('serves SearchParameter?base=Task, including the priority-order parameter', async () => {
    const { call } = testServer();
    const answer = await call<Bundle>('GET', 'SearchParameter?base=Task&_count=200');
    const codes = entryResources(answer.body).map((r) => (r as SearchParameter).code);
    expect(codes).toEqual(expect.arrayContaining(['status', 'owner', 'priority', 'priority-order']));
  });

  it('sorts definitions with _sort', async () => {
    const { call } = testServer();
    const answer = await call<Bundle>('GET', 'SearchParameter?base=Task&_sort=-code&_count=3');
    const codes = entryResources(answer.body).map((r) => (r as SearchParameter).code ?? '');
    expect(codes).toEqual([...codes].sort().reverse());
    expect((await call('GET', 'SearchParameter?_sort=colour')).status).toBe(400);
  });

  it('keeps definitions read-only', async () => {
    const { call } = testServer();
    const create = await call('POST', 'StructureDefinition', { resourceType: 'StructureDefinition' });
    expect(create.status).toBe(405);
    const del = await call('DELETE', 'SearchParameter/Task-status');
    expect(del.status).toBe(405);
    expect((await call('GET', 'SearchParameter/Task-status')).status).toBe(200);
  });

  it('answers an unknown definition search parameter with 400', async () => {
    const { call } = testServer();
    expect((await call('GET', 'StructureDefinition?colour=blue')).status).toBe(400);
  });
});

describe('metadata', () => {
  it('declares history-type, batch, transaction and each type’s search parameters', async () => {
    const { call } = testServer();
    const answer = await call<CapabilityStatement>('GET', 'metadata');
    expect(answer.status).toBe(200);
    const rest = answer.body.rest?.[0];
    expect(rest?.interaction?.map((i) => i.code)).toEqual(['transaction', 'batch']);
    const task = rest?.resource?.find((r) => r.type === 'Task');
    expect(task?.interaction?.map((i) => i.code)).toEqual(
      expect.arrayContaining(['history-type', 'patch', 'search-type'])
    );
    expect(task?.searchParam?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['_lastUpdated', 'owner', 'priority-order'])
    );
    expect(task?.conditionalCreate).toBe(true);
  });
});
