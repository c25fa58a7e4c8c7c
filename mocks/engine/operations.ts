import type { Bundle, Resource } from '@medplum/fhirtypes';
import { fullUrl } from './bundles';
import type { Scope } from './interactions';
import { readCurrent } from './interactions';
import { hideFields } from './field-paths';
import { graphqlOperation } from './graphql/operation';
import { ANY_TYPE, type EngineOperation, type OperationRegistry } from './operation-registry';
import { successOutcome } from './outcome';
import type { FhirRequest, FhirResponse } from './request';
import { asResourceOfType, assertKnownType } from './resources';
import { expandValueSet } from './valueset-expand';

/** The engine's own operations, registered into a server's registry (or standing alone for an engine's tests). */
export function registerEngineOperations(registry: OperationRegistry): OperationRegistry {
  return registry
    .register('system', undefined, '$graphql', graphql)
    .register(['type', 'instance'], 'ValueSet', '$expand', valueSetExpand)
    .register('instance', 'Patient', '$everything', patientEverything)
    .register('type', ANY_TYPE, '$validate', validate);
}

/** POST $graphql: each read and search is answered as REST answers it, without the fields the caller's policy hides. */
const graphql: EngineOperation = {
  kind: 'engine',
  run: ({ scope, request, route }) =>
    graphqlOperation(scope.definitions, request, (inner) => withoutHiddenFields(scope, route(inner))),
};

/** ValueSet/$expand and ValueSet/{id}/$expand. */
const valueSetExpand: EngineOperation = {
  kind: 'engine',
  methods: ['GET', 'POST'],
  run({ scope, request, target }) {
    scope.access.requireType('ValueSet', 'read');
    return { status: 200, body: expandValueSet(scope, request, target.id) };
  },
};

/** Patient/{id}/$everything. */
const patientEverything: EngineOperation = {
  kind: 'engine',
  methods: ['GET'],
  run: ({ scope, request, target }) => ({
    status: 200,
    body: everything(scope, request, target.id as string),
  }),
};

/** POST {Type}/$validate: a resource, or Parameters with a `resource`. */
const validate: EngineOperation = {
  kind: 'engine',
  methods: ['POST'],
  run({ scope, request, target }) {
    const body = request.body as {
      resourceType?: string;
      parameter?: { name?: string; resource?: Resource }[];
    };
    const candidate =
      body?.resourceType === 'Parameters'
        ? body.parameter?.find((p) => p.name === 'resource')?.resource
        : body;
    const resource = asResourceOfType(candidate, target.resourceType as string);
    // The same check a create or update makes, answering its issues (400) without storing anything.
    if (!scope.validation) throw new Error('$validate runs without the resource validation loaded');
    scope.validation.assertValid(resource);
    return { status: 200, body: successOutcome(200) };
  },
};

function withoutHiddenFields(scope: Scope, answer: FhirResponse): FhirResponse {
  if (!scope.access.hidesFields) return answer;
  return { ...answer, body: hideFields(answer.body, (type) => scope.access.hiddenFields(type)) };
}

/** The patient and every current resource of the project that references it. */
function everything(scope: Scope, request: FhirRequest, id: string): Bundle {
  assertKnownType('Patient');
  const patient = readCurrent(scope, 'Patient', id).resource as Resource;
  const reference = `Patient/${id}`;
  const related: Resource[] = [];
  for (const type of scope.store.resourceTypes()) {
    if (type === 'Patient') continue;
    for (const resource of scope.store.resourcesOfType(type)) {
      if (refersTo(resource, reference) && scope.access.allows(resource, 'search')) related.push(resource);
    }
  }
  const resources = [patient, ...related];
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: resources.length,
    link: [{ relation: 'self', url: `${request.baseUrl}Patient/${id}/$everything` }],
    entry: resources.map((resource) => ({
      fullUrl: fullUrl(request.baseUrl, resource),
      resource,
      search: { mode: 'match' as const },
    })),
  };
}

function refersTo(value: unknown, reference: string): boolean {
  if (Array.isArray(value)) return value.some((item) => refersTo(item, reference));
  if (typeof value !== 'object' || value === null) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key === 'reference' && item === reference) return true;
    if (typeof item === 'object' && refersTo(item, reference)) return true;
  }
  return false;
}
