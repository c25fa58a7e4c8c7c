import type { Patient, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { assertValidSchema, type GraphQLObjectType } from 'graphql';
import { defaultDefinitionLoader } from '../definition-files';
import { GlobalDefinitions } from '../definitions';
import { createFhirEngine } from '../engine';
import { aliceContext, PROJECT_ID } from '../test-helpers';
import { allResourceTypes, schemaFor } from './operation';
import { ManualClock } from '@/fhir/testing/manual-clock';

const patient: Patient = { resourceType: 'Patient', id: 'p1', name: [{ given: ['Ann'], family: 'Lee' }] };
const tasks: Task[] = [
  { resourceType: 'Task', id: 't1', status: 'ready', intent: 'order', for: { reference: 'Patient/p1' } },
  {
    resourceType: 'Task',
    id: 't2',
    status: 'completed',
    intent: 'order',
    basedOn: [{ reference: 'Task/t1' }],
  },
  { resourceType: 'Task', id: 't3', status: 'ready', intent: 'order', for: { reference: 'Patient/gone' } },
];

function engine(): ReturnType<typeof createFhirEngine> {
  const e = createFhirEngine({ clock: new ManualClock() });
  e.load({
    projects: [{ id: PROJECT_ID, name: 'P' }],
    resources: [patient, ...tasks].map((resource) => ({ projectId: PROJECT_ID, resource })),
  });
  return e;
}

async function post(
  body: unknown,
  method = 'POST'
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await engine().handle(
    new Request('http://localhost/fhir/R4/$graphql', {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: method === 'GET' ? undefined : JSON.stringify(body),
    }),
    aliceContext
  );
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const issues = (json: Record<string, unknown>): string[] =>
  ((json.issue as { details?: { text?: string } }[] | undefined) ?? []).map((i) => i.details?.text ?? '');

describe('$graphql on the engine', () => {
  it('answers the schema query a Medplum client sends for Task', async () => {
    const query = `{
      StructureDefinitionList(_filter: "name eq Task") {
        name, type, snapshot { element { path, min, max, base { path }, type { code, targetProfile } } }
      }
      SearchParameterList(base: "Task", _count: 100) { base, code, type, expression, target }
    }`;
    const { status, json } = await post({ query });
    expect(status).toBe(200);
    const data = json.data as {
      StructureDefinitionList: { name: string; snapshot: { element: { path: string }[] } }[];
      SearchParameterList: { code: string }[];
    };
    expect(data.StructureDefinitionList.map((sd) => sd.name)).toEqual(['Task']);
    expect(data.StructureDefinitionList[0]?.snapshot.element.map((e) => e.path)).toContain(
      'Task.restriction.period'
    );
    expect(data.SearchParameterList.map((sp) => sp.code)).toEqual(
      expect.arrayContaining(['owner', 'based-on'])
    );
  });

  it('searches with FHIR arguments (dashes as underscores) and follows references through fragments', async () => {
    const query = `{
      TaskList(based_on: "Task/t1") { id }
      ready: TaskList(status: "ready", _sort: "_id", _count: 1) {
        id
        for { reference resource { __typename ... on Patient { name { given family } } } }
      }
      Task(id: "t1") { status }
    }`;
    const { status, json } = await post({ query });
    expect(status).toBe(200);
    expect(json).toEqual({
      data: {
        TaskList: [{ id: 't2' }],
        ready: [
          {
            id: 't1',
            for: {
              reference: 'Patient/p1',
              resource: { __typename: 'Patient', name: [{ given: ['Ann'], family: 'Lee' }] },
            },
          },
        ],
        Task: { status: 'ready' },
      },
    });
  });

  it('reports a missing resource in GraphQL errors, beside the data that did resolve', async () => {
    const query = `{ Task(id: "t3") { id for { resource { ... on Patient { id } } } } missing: Task(id: "nope") { id } }`;
    const { status, json } = await post({ query });
    expect(status).toBe(200);
    expect(json.data).toEqual({ Task: { id: 't3', for: { resource: null } }, missing: null });
    expect(json.errors).toEqual([
      {
        message: 'Patient/gone not found',
        locations: [{ line: 1, column: 29 }],
        path: ['Task', 'for', 'resource'],
      },
      { message: 'Task/nope not found', locations: [{ line: 1, column: 68 }], path: ['missing'] },
    ]);
  });
});

describe('$graphql connections, list arguments and search errors', () => {
  it('answers a Connection with the total, the page and its edges', async () => {
    const query = `{ TaskConnection(status: "ready", _sort: "_id", _count: 1, _offset: 1) {
      count offset pageSize edges { mode resource { id } } } }`;
    const { json } = await post({ query });
    expect(json).toEqual({
      data: {
        TaskConnection: {
          count: 2,
          offset: 1,
          pageSize: 1,
          edges: [{ mode: 'match', resource: { id: 't3' } }],
        },
      },
    });
  });

  it('cuts a repeating element with _offset and _count', async () => {
    const query = `{ SearchParameterList(base: "AllergyIntolerance", code: "patient") {
      all: base cut: base(_offset: 1, _count: 2) } }`;
    const { json } = await post({ query });
    const [found] = (json.data as { SearchParameterList: { all: string[]; cut: string[] }[] })
      .SearchParameterList;
    expect(found?.all.length).toBeGreaterThan(3);
    expect(found?.cut).toEqual(found?.all.slice(1, 3));
  });

  it('reports a bad search argument or _filter in GraphQL errors, with the words REST would use', async () => {
    const query =
      '{ TaskList(_filter: "status eq") { id } StructureDefinitionList(_filter: "name zz Task") { id } }';
    const { status, json } = await post({ query });
    expect(status).toBe(200);
    expect(json.data).toEqual({ TaskList: null, StructureDefinitionList: null });
    expect((json.errors as { message: string }[]).map((e) => e.message)).toEqual([
      'Expected a value after "status eq", found the end of the filter (parameter "_filter")',
      expect.stringContaining('Invalid operator "zz" after "name"'),
    ]);
  });
});

describe('$graphql refuses bad and hostile queries with a 400 OperationOutcome', () => {
  it('names a syntax error and where it is', async () => {
    const { status, json } = await post({ query: '{ TaskList { id }' });
    expect(status).toBe(400);
    expect(issues(json)).toEqual(['GraphQL syntax error. Expected Name, found <EOF>. (line 1, column 18)']);
  });

  it('names an unknown field and an unknown search argument', async () => {
    const { status, json } = await post({ query: '{ TaskList(shoe_size: "9") { id colour } }' });
    expect(status).toBe(400);
    expect(issues(json)).toEqual([
      'Unknown argument "shoe_size" on field "QueryType.TaskList". (line 1, column 12)',
      'Cannot query field "colour" on type "Task". (line 1, column 33)',
    ]);
  });

  it('refuses a query without a query, and any method but POST', async () => {
    expect(issues((await post({})).json)).toEqual(['Must provide query.']);
    const get = await post(undefined, 'GET');
    expect(get.status).toBe(405);
    expect(issues(get.json)[0]).toContain('use POST');
  });

  it('refuses a query nested deeper than 12 levels', async () => {
    const deep = 'partOf { resource { ... on Task { '.repeat(4);
    const query = `{ TaskList { ${deep} id ${'} } }'.repeat(4)} } }`;
    const { status, json } = await post({ query });
    expect(status).toBe(400);
    expect(issues(json)).toEqual(['The query is nested 14 levels deep; the maximum is 12']);
  });

  it('refuses a query whose searches and reference reads would cost too much', async () => {
    const heavy = 'TaskList(_count: 1000) { for { resource { ... on Patient { id } } } }';
    const query = `{ ${Array.from({ length: 12 }, (_, i) => `a${i}: ${heavy}`).join(' ')} }`;
    const { status, json } = await post({ query });
    expect(status).toBe(400);
    expect(issues(json)).toEqual(['The query is too complex (estimated cost over 10000)']);
  });

  it('refuses a document with more tokens than it will parse', async () => {
    const query = `{ ${'TaskList { id } '.repeat(3000)} }`;
    const { status, json } = await post({ query });
    expect(status).toBe(400);
    expect(issues(json)[0]).toMatch(/^GraphQL syntax error\. Document contains more .* 10000 tokens/);
  });

  it('runs at most 20 searches per query, answering the rest with an error', async () => {
    const query = `{ ${Array.from({ length: 22 }, (_, i) => `a${i}: TaskList(_count: 1) { id }`).join(' ')} }`;
    const { status, json } = await post({ query });
    expect(status).toBe(200);
    const data = json.data as Record<string, unknown>;
    expect(data.a19).toEqual([{ id: 't1' }]);
    expect(data.a20).toBeNull();
    expect((json.errors as { message: string }[]).map((e) => e.message)).toEqual([
      'A query may run at most 20 searches',
      'A query may run at most 20 searches',
    ]);
  });

  it('does not answer introspection, as a Medplum server with it switched off', async () => {
    const { status, json } = await post({ query: '{ __schema { types { name } } }' });
    expect(status).toBe(403);
    expect(issues(json)).toEqual(['GraphQL introspection is not enabled on this server']);
  });
});

describe('the generated schema', () => {
  it('is a valid GraphQL schema with every resource type of the definitions named at once', async () => {
    const definitions = new GlobalDefinitions(defaultDefinitionLoader);
    await definitions.ensure('StructureDefinition');
    const everything = schemaFor(definitions, ['Task', 'Patient', ...allResourceTypes(definitions)]);
    expect(() => assertValidSchema(everything)).not.toThrow();
    const task = everything.getType('Task') as GraphQLObjectType;
    expect(Object.keys(task.getFields())).toEqual(
      expect.arrayContaining(['resourceType', 'owner', 'restriction'])
    );
    expect(Object.keys((everything.getType('TaskRestriction') as GraphQLObjectType).getFields())).toEqual([
      'id',
      'extension',
      'modifierExtension',
      'repetitions',
      'period',
      'recipient',
    ]);
    expect(Object.keys((everything.getType('Observation') as GraphQLObjectType).getFields())).toEqual(
      expect.arrayContaining(['valueQuantity', 'valueString', 'effectiveDateTime', 'effectivePeriod'])
    );
  });
});
