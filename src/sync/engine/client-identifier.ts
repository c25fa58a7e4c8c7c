import type { Identifier, Resource } from '@medplum/fhirtypes';
import { CLIENT_ID_SYSTEM } from './types';

/** R4 types whose `identifier` holds one Identifier, not a list. */
const SINGLE_IDENTIFIER_TYPES = new Set([
  'AdverseEvent',
  'Bundle',
  'Composition',
  'ConceptMap',
  'MedicinalProductIngredient',
  'QuestionnaireResponse',
  'SpecimenDefinition',
  'SubstanceSpecification',
  'TestReport',
  'TestScript',
]);

type WithIdentifier = Resource & { identifier?: Identifier | Identifier[] };

/** The identifiers a resource carries, whether its type holds one or a list. */
function identifiersOf(resource: Resource | undefined): Identifier[] {
  const identifier = (resource as WithIdentifier | undefined)?.identifier;
  if (!identifier) return [];
  return Array.isArray(identifier) ? identifier : [identifier];
}

/**
 * The resource marked with the device's client identifier (what If-None-Exist looks up), any earlier
 * one replaced. A type that holds a single identifier gets it only when it has none of its own.
 */
export function withClientIdentifier<T extends Resource>(resource: T, clientId: string): T {
  const mark: Identifier = { system: CLIENT_ID_SYSTEM, value: clientId };
  const kept = identifiersOf(resource).filter((identifier) => identifier.system !== CLIENT_ID_SYSTEM);
  if (SINGLE_IDENTIFIER_TYPES.has(resource.resourceType)) {
    return { ...resource, identifier: kept[0] ?? mark };
  }
  return { ...resource, identifier: [...kept, mark] };
}

/** The client identifier the device gave a resource it created, if it carries one. */
export function clientIdentifier(resource: Resource | undefined): string | undefined {
  return identifiersOf(resource).find((identifier) => identifier.system === CLIENT_ID_SYSTEM)?.value;
}
