import type { Bundle, Resource } from '@medplum/fhirtypes';
import { fullUrl } from './bundles';
import type { Scope } from './interactions';
import { readCurrent } from './interactions';
import { FhirError, methodNotAllowed, successOutcome } from './outcome';
import type { FhirRequest, FhirResponse } from './request';
import { asResourceOfType, assertKnownType } from './resources';
import { expandValueSet } from './valueset-expand';

/** Type and instance operations ($name): ValueSet/$expand, Patient/$everything, $validate. */
export function runOperation(
  scope: Scope,
  request: FhirRequest,
  resourceType: string,
  id: string | undefined,
  name: string
): FhirResponse {
  if (resourceType === 'ValueSet' && name === '$expand') {
    allow(request, 'GET', 'POST');
    scope.access.requireType('ValueSet', 'read');
    return { status: 200, body: expandValueSet(scope, request, id) };
  }
  if (resourceType === 'Patient' && name === '$everything' && id) {
    allow(request, 'GET');
    return { status: 200, body: everything(scope, request, id) };
  }
  if (name === '$validate' && !id) {
    allow(request, 'POST');
    const body = request.body as {
      resourceType?: string;
      parameter?: { name?: string; resource?: Resource }[];
    };
    const candidate =
      body?.resourceType === 'Parameters'
        ? body.parameter?.find((p) => p.name === 'resource')?.resource
        : body;
    const resource = asResourceOfType(candidate, resourceType);
    // The same check a create or update makes, answering its issues (400) without storing anything.
    if (!scope.validation) throw new Error('$validate runs without the resource validation loaded');
    scope.validation.assertValid(resource);
    return { status: 200, body: successOutcome(200) };
  }
  throw new FhirError(400, `Operation ${name} is not supported on ${resourceType}`, 'not-supported');
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

export function allow(request: FhirRequest, ...methods: string[]): void {
  if (!methods.includes(request.method)) {
    throw methodNotAllowed(`${request.method} is not allowed here; use ${methods.join(' or ')}`);
  }
}
