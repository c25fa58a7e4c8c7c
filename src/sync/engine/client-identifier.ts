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

/**
 * Types with no `identifier` element at all (R4 and the server's own types): a create of one carries
 * no client identifier, since the server refuses unknown properties, so its retry cannot be looked up.
 */
const NO_IDENTIFIER_TYPES = new Set([
  'AccessPolicy',
  'AsyncJob',
  'AuditEvent',
  'Binary',
  'BulkDataExport',
  'CapabilityStatement',
  'ClientApplication',
  'CompartmentDefinition',
  'DomainConfiguration',
  'GraphDefinition',
  'ImplementationGuide',
  'JsonWebKey',
  'Linkage',
  'Login',
  'MedicationKnowledge',
  'MedicinalProductContraindication',
  'MedicinalProductIndication',
  'MedicinalProductInteraction',
  'MedicinalProductManufactured',
  'MedicinalProductUndesirableEffect',
  'MessageHeader',
  'NamingSystem',
  'OperationDefinition',
  'OperationOutcome',
  'Parameters',
  'PasswordChangeRequest',
  'Provenance',
  'SearchParameter',
  'SmartAppLaunch',
  'Subscription',
  'SubscriptionStatus',
  'SubstanceNucleicAcid',
  'SubstancePolymer',
  'SubstanceProtein',
  'SubstanceReferenceInformation',
  'SubstanceSourceMaterial',
  'TerminologyCapabilities',
  'UserConfiguration',
  'UserSecurityRequest',
  'VerificationResult',
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
 * one replaced. A type that holds a single identifier gets it only when it has none of its own; a
 * type without identifiers is left as it is.
 */
export function withClientIdentifier<T extends Resource>(resource: T, clientId: string): T {
  if (NO_IDENTIFIER_TYPES.has(resource.resourceType)) return resource;
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
