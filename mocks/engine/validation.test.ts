import type { Bundle, OperationOutcome, Patient, Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { testServer } from './test-helpers';

/** Each issue of an outcome as `expression: text`, the way a form matches errors to its fields. */
function issues(outcome: unknown): string[] {
  return ((outcome as OperationOutcome).issue ?? []).map(
    (issue) => `${issue.expression?.join(',') ?? ''}: ${issue.details?.text ?? ''}`
  );
}

/** How many resources of a type the project holds. */
async function countOf(call: ReturnType<typeof testServer>['call'], resourceType: string): Promise<number> {
  return (await call<Bundle>('GET', `${resourceType}?_summary=count`)).body.total ?? -1;
}

/** Creates the resource and expects a 400 with exactly these issues, and nothing of its type stored. */
async function expectRefused(resource: Record<string, unknown>, expected: string[]): Promise<void> {
  const { call } = testServer();
  const type = String(resource.resourceType);
  const answer = await call('POST', type, resource);
  expect(answer.status).toBe(400);
  expect(answer.body.resourceType).toBe('OperationOutcome');
  expect((answer.body as OperationOutcome).issue?.every((issue) => issue.severity === 'error')).toBe(true);
  expect(issues(answer.body).sort()).toEqual([...expected].sort());
  expect(await countOf(call, type)).toBe(0);
}

const binding = (url: string): string =>
  `did not satisfy terminology binding http://hl7.org/fhir/ValueSet/${url}|4.0.1`;

describe('a write of invalid FHIR is refused with 400, one issue per problem, and nothing stored', () => {
  it('a Patient birthDate that is not a date', () =>
    expectRefused({ resourceType: 'Patient', birthDate: '1970-13-45' }, [
      'Patient.birthDate: Invalid date format',
    ]));

  it('an unknown property, a value of the wrong type and a list where one value belongs, all at once', () =>
    expectRefused({ resourceType: 'Patient', favouriteColour: 'blue', active: 'yes', gender: ['female'] }, [
      'Patient.active: Invalid JSON type: expected boolean, but got string',
      'Patient.favouriteColour: Invalid additional property "favouriteColour"',
      'Patient.gender: Expected single value for property',
    ]));

  it('a Task without its required status and intent', () =>
    expectRefused({ resourceType: 'Task', description: 'Call back' }, [
      'Task.status: Missing required property',
      'Task.intent: Missing required property',
    ]));

  it('a code outside a required binding: Observation status', () =>
    expectRefused({ resourceType: 'Observation', status: 'almost-final', code: { text: 'Heart rate' } }, [
      `Observation.status: Value "almost-final" ${binding('observation-status')}`,
    ]));

  it('a code outside a required binding inside a backbone element: a Patient contact gender', () =>
    expectRefused({ resourceType: 'Patient', contact: [{ gender: 'femail', name: { family: 'Lee' } }] }, [
      `Patient.contact[0].gender: Value "femail" ${binding('administrative-gender')}`,
    ]));

  it('cardinality inside a backbone element: an Observation component without its code', () =>
    expectRefused(
      {
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'Blood pressure' },
        component: [{ valueQuantity: { value: 120, unit: 'mmHg' } }],
      },
      ['Observation.component[0].code: Missing required property']
    ));

  it('an update or a patch whose result is invalid leaves the stored version as it was', async () => {
    const { call } = testServer();
    const created = await call<Patient>('POST', 'Patient', {
      resourceType: 'Patient',
      birthDate: '1970-01-02',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const put = await call('PUT', `Patient/${id}`, { ...created.body, birthDate: 'last spring' });
    expect(put.status).toBe(400);
    expect(issues(put.body)).toEqual(['Patient.birthDate: Invalid date format']);
    const patch = await call(
      'PATCH',
      `Patient/${id}`,
      [
        { op: 'test', path: '/meta/versionId', value: '1' },
        { op: 'add', path: '/deceasedBoolean', value: 'no' },
      ],
      { 'Content-Type': 'application/json-patch+json' }
    );
    expect(patch.status).toBe(400);
    // A choice element is named by its definition's path, as a Medplum server names it.
    expect(issues(patch.body)).toEqual([
      'Patient.deceased[x]: Invalid JSON type: expected boolean, but got string',
    ]);
    const current = await call<Patient>('GET', `Patient/${id}`);
    expect(current.body.meta?.versionId).toBe('1');
    expect(current.body.birthDate).toBe('1970-01-02');
  });

  it('accepts valid resources of several types, choice types and extensions included', async () => {
    const { call } = testServer();
    const valid: Resource[] = [
      {
        resourceType: 'Patient',
        name: [{ given: ['Ann'], family: 'Lee', use: 'official' }],
        birthDate: '1970-01-02',
        gender: 'female',
        telecom: [{ system: 'phone', value: '555-0100', use: 'mobile' }],
        address: [{ use: 'home', line: ['1 Main St'], city: 'Albany', state: 'NY' }],
        multipleBirthBoolean: false,
        extension: [{ url: 'http://example.org/pronouns', valueString: 'she/her' }],
      },
      {
        resourceType: 'Task',
        status: 'ready',
        intent: 'order',
        priority: 'urgent',
        restriction: { period: { end: '2025-03-11T17:00:00Z' } },
        note: [{ text: 'Call the patient', time: '2025-03-10T15:00:00Z' }],
      },
      {
        resourceType: 'Observation',
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
        valueQuantity: { value: 72, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' },
      },
    ];
    for (const resource of valid) {
      const answer = await call('POST', resource.resourceType, resource);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
  });
});

describe('$validate', () => {
  it('answers the issues of an invalid resource without storing it, as a resource or in Parameters', async () => {
    const { call } = testServer();
    const invalid = { resourceType: 'Patient', birthDate: 'yesterday' };
    const direct = await call('POST', 'Patient/$validate', invalid);
    expect(direct.status).toBe(400);
    expect(issues(direct.body)).toEqual(['Patient.birthDate: Invalid date format']);
    const wrapped = await call('POST', 'Patient/$validate', {
      resourceType: 'Parameters',
      parameter: [{ name: 'resource', resource: invalid }],
    });
    expect(wrapped.status).toBe(400);
    expect(issues(wrapped.body)).toEqual(issues(direct.body));
    expect(await countOf(call, 'Patient')).toBe(0);
  });

  it('answers 200 with an informational all-ok outcome for a valid resource, still storing nothing', async () => {
    const { call } = testServer();
    const answer = await call('POST', 'Patient/$validate', { resourceType: 'Patient', gender: 'other' });
    expect(answer.status).toBe(200);
    expect((answer.body as OperationOutcome).issue).toEqual([
      { severity: 'information', code: 'informational', details: { text: 'All OK' } },
    ]);
    expect(await countOf(call, 'Patient')).toBe(0);
  });
});

describe('bundles with an invalid entry', () => {
  /** A create of a Patient with the given elements; invalid ones are the point, so they are loosely typed. */
  const patientEntry = (resource: Record<string, unknown>) => ({
    resource: { resourceType: 'Patient' as const, ...resource },
    request: { method: 'POST' as const, url: 'Patient' },
  });

  it('a transaction with one invalid entry rolls back whole and names the problem', async () => {
    const { call, engine } = testServer();
    const before = JSON.stringify(engine.snapshot());
    const answer = await call('POST', '', {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        patientEntry({ name: [{ family: 'Valid' }] }),
        patientEntry({ birthDate: '31/12/1999' }),
        {
          resource: { resourceType: 'Task', status: 'ready', intent: 'order' },
          request: { method: 'POST', url: 'Task' },
        },
      ],
    });
    expect(answer.status).toBe(400);
    expect(issues(answer.body)).toEqual(['Patient.birthDate: Invalid date format']);
    expect(JSON.stringify(engine.snapshot())).toBe(before);
    expect(await countOf(call, 'Patient')).toBe(0);
    expect(await countOf(call, 'Task')).toBe(0);
  });

  it("a batch answers the invalid entry's 400 with its issues and writes the others", async () => {
    const { call } = testServer();
    const answer = await call<Bundle>('POST', '', {
      resourceType: 'Bundle',
      type: 'batch',
      entry: [patientEntry({ gender: 'male' }), patientEntry({ gender: 'mail' }), patientEntry({})],
    });
    expect(answer.status).toBe(200);
    const responses = answer.body.entry?.map((entry) => entry.response) ?? [];
    expect(responses.map((response) => response?.status)).toEqual(['201', '400', '201']);
    expect(issues(responses[1]?.outcome)).toEqual([
      `Patient.gender: Value "mail" ${binding('administrative-gender')}`,
    ]);
    expect(await countOf(call, 'Patient')).toBe(2);
  });
});
