import {
  ClientStorage,
  getDataType,
  getSearchParameters,
  isDataTypeLoaded,
  MedplumClient,
  MemoryStorage,
  normalizeErrorString,
} from '@medplum/core';
import type { Bundle, Task } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInByApi, type ApiSession } from '@tests/fixtures/api-sign-in';
import { createNodeFakeServer, type NodeFakeServer } from '../node';

let node: NodeFakeServer;
let session: ApiSession;
let medplum: MedplumClient;

beforeAll(async () => {
  node = createNodeFakeServer();
  node.server.listen({ onUnhandledRequest: 'error' });
  session = await signInByApi(node.baseUrl, 'doctor@example.com');
  medplum = new MedplumClient({
    baseUrl: node.baseUrl,
    storage: new ClientStorage(new MemoryStorage()),
    cacheTime: 0,
    fetch: (url: string, init?: RequestInit) => fetch(url, init),
  });
  medplum.setAccessToken(session.accessToken);
});

afterAll(() => node.server.close());

/** The ids a REST search answers, for comparison with the other ways of asking. */
async function restIds(query: string): Promise<string[]> {
  const response = await session.fetch(`fhir/R4/Task?${query}&_count=1000&_sort=_id`);
  const bundle = (await response.json()) as Bundle<Task>;
  return (bundle.entry ?? []).map((e) => e.resource?.id ?? '');
}

describe("Medplum's client uses GraphQL and _filter against the fake server, unchanged", () => {
  it('loads the Task schema with requestSchema, as its search control does before every search', async () => {
    expect(isDataTypeLoaded('Task')).toBe(false);
    await medplum.requestSchema('Task');
    expect(isDataTypeLoaded('Task')).toBe(true);
    const schema = getDataType('Task');
    expect(schema.elements.owner?.type.map((t) => t.code)).toEqual(['Reference']);
    expect(getDataType('TaskRestriction').elements.period?.type.map((t) => t.code)).toEqual(['Period']);
    expect(Object.keys(getSearchParameters('Task') ?? {})).toEqual(
      expect.arrayContaining(['owner', 'based-on', 'priority-order', 'due-date'])
    );
  });

  it('runs a graphql search whose matches equal the REST search', async () => {
    const result = await medplum.graphql(
      `query Ready($status: String) { TaskList(status: $status, _sort: "_id", _count: 1000) { id status } }`,
      'Ready',
      { status: 'ready' }
    );
    const list = (result as { data: { TaskList: { id: string; status: string }[] } }).data.TaskList;
    expect(list.length).toBeGreaterThan(5);
    expect(list.map((t) => t.id)).toEqual(await restIds('status=ready'));
  });

  it('answers a timeline _filter search with what the three REST searches find together', async () => {
    const [withFocus] = await medplum.searchResources('Task', 'focus:missing=false&_count=1');
    const target = withFocus?.focus?.reference;
    expect(target).toBeDefined();
    const filter = `based-on eq ${target} or focus eq ${target} or subject eq ${target}`;
    const found = await medplum.searchResources('Task', { _filter: filter, _count: '100', _sort: '_id' });
    const union = new Set([
      ...(await restIds(`based-on=${target}`)),
      ...(await restIds(`focus=${target}`)),
      ...(await restIds(`subject=${target}`)),
    ]);
    expect(found.map((t) => t.id)).toEqual([...union].sort());
    expect(found.length).toBeGreaterThan(0);
  });

  it('gets a 400 naming the problem for a bad _filter', async () => {
    const attempt = medplum.searchResources('Task', { _filter: 'status eq' });
    await expect(attempt).rejects.toSatisfy((error: unknown) =>
      normalizeErrorString(error).includes('Expected a value after "status eq"')
    );
  });
});
