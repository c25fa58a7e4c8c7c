import type { Bundle, OperationOutcome, Task } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInByApi, type ApiSession } from '../fixtures/api-sign-in';
import type { ConnectedHost } from './contract';

const texts = (outcome: OperationOutcome): string[] =>
  (outcome.issue ?? []).map((i) => i.details?.text ?? '');

/** `$graphql` and `_filter`, as every host of the fake server must answer them, failures included. */
export function queryContract(hostName: string, connect: () => Promise<ConnectedHost>): void {
  describe(`$graphql and _filter over ${hostName}`, () => {
    let host: ConnectedHost;
    let doctor: ApiSession;
    const fhir = (path: string, init?: RequestInit): Promise<Response> =>
      doctor.fetch(`fhir/R4/${path}`, init);
    const graphql = (body: unknown): Promise<Response> =>
      fhir('$graphql', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const taskIds = async (query: string): Promise<string[]> => {
      const bundle = (await (await fhir(`Task?${query}`)).json()) as Bundle<Task>;
      return (bundle.entry ?? []).map((e) => e.resource?.id ?? '');
    };

    beforeAll(async () => {
      host = await connect();
      doctor = await signInByApi(host.baseUrl, 'doctor@example.com');
    });
    afterAll(async () => host.close());

    it('answers the schema query of a type with its StructureDefinition and search parameters', async () => {
      const query = `{
        StructureDefinitionList(_filter: "name eq Task") { name snapshot { element { path min max } } }
        SearchParameterList(base: "Task", _count: 100) { code type expression }
      }`;
      const response = await graphql({ query });
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as {
        data: { StructureDefinitionList: { name: string }[]; SearchParameterList: { code: string }[] };
      };
      expect(data.StructureDefinitionList.map((sd) => sd.name)).toEqual(['Task']);
      expect(data.SearchParameterList.map((sp) => sp.code)).toEqual(
        expect.arrayContaining(['owner', 'due-date'])
      );
    });

    it('lists My Tasks over GraphQL exactly as the REST search does, with the patient of each', async () => {
      const rest = await taskIds(
        `owner=${doctor.profile}&status=ready&_sort=-priority-order,due-date&_count=50`
      );
      expect(rest.length).toBeGreaterThan(0);
      const query = `query Mine($owner: String) {
        TaskList(owner: $owner, status: "ready", _sort: "-priority-order,due-date", _count: 50) {
          id for { resource { ... on Patient { resourceType name { family } } } }
        }
      }`;
      const response = await graphql({ query, variables: { owner: doctor.profile } });
      const body = (await response.json()) as {
        data: { TaskList: { id: string; for: { resource: { resourceType: string } } | null }[] };
        errors?: unknown[];
      };
      expect(body.errors).toBeUndefined();
      expect(body.data.TaskList.map((t) => t.id)).toEqual(rest);
      expect(
        body.data.TaskList.filter((t) => t.for).every((t) => t.for?.resource.resourceType === 'Patient')
      ).toBe(true);
    });

    it('refuses bad GraphQL with a 400 OperationOutcome naming the problem', async () => {
      const syntax = await graphql({ query: '{ TaskList { id ' });
      expect(syntax.status).toBe(400);
      expect(texts((await syntax.json()) as OperationOutcome)[0]).toMatch(/^GraphQL syntax error\./);
      const unknown = await graphql({ query: '{ TaskList { id shoeSize } }' });
      expect(unknown.status).toBe(400);
      expect(texts((await unknown.json()) as OperationOutcome)).toEqual([
        'Cannot query field "shoeSize" on type "Task". (line 1, column 17)',
      ]);
      const deep = `{ TaskList { ${'partOf { resource { ... on Task { '.repeat(5)} id ${'} } } '.repeat(5)} } }`;
      const tooDeep = await graphql({ query: deep });
      expect(tooDeep.status).toBe(400);
      expect(texts((await tooDeep.json()) as OperationOutcome)[0]).toContain('the maximum is 12');
      const get = await fhir('$graphql?query=%7B%20TaskList%20%7B%20id%20%7D%20%7D');
      expect(get.status).toBe(405);
    });

    it('refuses $graphql without a bearer token', async () => {
      const response = await fetch(new URL('fhir/R4/$graphql', host.baseUrl), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: '{ TaskList { id } }' }),
      });
      expect(response.status).toBe(401);
    });

    it('answers a timeline _filter with what the REST searches find together, by GET and POST _search', async () => {
      const [withFocus] = await taskIds('focus:missing=false&_count=1');
      const focus = ((await (await fhir(`Task/${withFocus}`)).json()) as Task).focus?.reference ?? '';
      const filter = `based-on eq ${focus} or focus eq ${focus} or subject eq ${focus}`;
      const union = new Set([
        ...(await taskIds(`based-on=${focus}&_count=1000`)),
        ...(await taskIds(`focus=${focus}&_count=1000`)),
        ...(await taskIds(`subject=${focus}&_count=1000`)),
      ]);
      const viaGet = await taskIds(`_filter=${encodeURIComponent(filter)}&_sort=_id&_count=100`);
      expect(viaGet).toEqual([...union].sort());
      const viaPost = await fhir('Task/_search', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _filter: filter, _sort: '_id', _count: '100' }).toString(),
      });
      const posted = (await viaPost.json()) as Bundle<Task>;
      expect((posted.entry ?? []).map((e) => e.resource?.id)).toEqual(viaGet);
    });

    it('combines _filter with and, not and parentheses, and with the other parameters', async () => {
      const filter =
        'not (status eq completed or status eq cancelled) and (priority eq stat or priority eq urgent)';
      const viaFilter = await taskIds(
        `_filter=${encodeURIComponent(filter)}&owner=${doctor.profile}&_sort=_id&_count=500`
      );
      const viaRest = await taskIds(
        `status:not=completed&status:not=cancelled&priority=stat,urgent&owner=${doctor.profile}&_sort=_id&_count=500`
      );
      expect(viaFilter).toEqual(viaRest);
    });

    it('refuses a bad _filter with a 400 OperationOutcome saying what is wrong', async () => {
      const cases: [string, string][] = [
        ['status eq', 'Expected a value after "status eq"'],
        ['(status eq ready', 'Expected ")"'],
        ['shoe-size eq 9', 'Unknown search parameter "shoe-size" for Task'],
        ['status xx ready', 'Invalid operator "xx"'],
        ['code in http://example.org/vs', 'Operator "in" is not supported in _filter'],
        ['patient.name eq Smith', 'Chained paths such as "patient.name" are not supported'],
      ];
      for (const [filter, words] of cases) {
        const response = await fhir(`Task?_filter=${encodeURIComponent(filter)}`);
        expect(response.status).toBe(400);
        expect(texts((await response.json()) as OperationOutcome)[0]).toContain(words);
      }
    });
  });
}
