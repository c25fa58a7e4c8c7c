import type {
  CapabilityStatement,
  CapabilityStatementRestResource,
  CapabilityStatementRestResourceSearchParam,
  ResourceType,
} from '@medplum/fhirtypes';
import type { GlobalDefinitions } from './definitions';
import { isDefinitionType } from './definitions';
import { RESOURCE_TYPE_NAMES } from './resource-types';

const WRITE_INTERACTIONS = ['create', 'update', 'patch', 'delete'] as const;
const READ_INTERACTIONS = ['read', 'vread', 'search-type', 'history-instance', 'history-type'] as const;

const cache = new WeakMap<GlobalDefinitions, CapabilityStatementRestResource[]>();

/** GET [base]/metadata: what the server does, per resource type, with every type's search parameters. */
export function capabilityStatement(definitions: GlobalDefinitions, baseUrl: string): CapabilityStatement {
  let resources = cache.get(definitions);
  if (!resources) {
    resources = RESOURCE_TYPE_NAMES.map((type) => describeType(definitions, type));
    cache.set(definitions, resources);
  }
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2024-01-01',
    kind: 'instance',
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    patchFormat: ['application/json-patch+json'],
    software: { name: 'CareQueue fake FHIR server' },
    implementation: { description: 'CareQueue fake FHIR server', url: baseUrl },
    rest: [
      {
        mode: 'server',
        interaction: [{ code: 'transaction' }, { code: 'batch' }],
        resource: resources,
        operation: [
          { name: 'expand', definition: 'http://hl7.org/fhir/OperationDefinition/ValueSet-expand' },
        ],
      },
    ],
  };
}

function describeType(definitions: GlobalDefinitions, type: string): CapabilityStatementRestResource {
  const readOnly = isDefinitionType(type);
  const codes = readOnly
    ? READ_INTERACTIONS.filter((code) => code !== 'history-type')
    : [...READ_INTERACTIONS, ...WRITE_INTERACTIONS];
  const searchParam: CapabilityStatementRestResourceSearchParam[] = definitions
    .searchParametersOf(type)
    .map((sp) => ({ name: sp.code as string, type: sp.type, definition: sp.url }));
  return {
    type: type as ResourceType,
    profile: `http://hl7.org/fhir/StructureDefinition/${type}`,
    interaction: codes.map((code) => ({ code })),
    versioning: 'versioned-update',
    readHistory: true,
    updateCreate: !readOnly,
    conditionalCreate: !readOnly,
    conditionalUpdate: !readOnly,
    conditionalDelete: readOnly ? 'not-supported' : 'multiple',
    searchParam,
    ...(type === 'ValueSet'
      ? {
          operation: [
            { name: 'expand', definition: 'http://hl7.org/fhir/OperationDefinition/ValueSet-expand' },
          ],
        }
      : {}),
  };
}
