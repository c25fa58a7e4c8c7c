/**
 * How the reference picker searches a target type: by a name-like search parameter the type has,
 * at most 10 matches. Types with none are searched by id.
 */
const NAMED_TYPES = new Set([
  'AccessPolicy',
  'Account',
  'ActivityDefinition',
  'Bot',
  'CareTeam',
  'ClientApplication',
  'CodeSystem',
  'ConceptMap',
  'Endpoint',
  'Group',
  'HealthcareService',
  'Library',
  'Location',
  'Measure',
  'Organization',
  'Patient',
  'Person',
  'PlanDefinition',
  'Practitioner',
  'Project',
  'Questionnaire',
  'RelatedPerson',
  'SearchParameter',
  'StructureDefinition',
  'UserConfiguration',
  'ValueSet',
]);

const SPECIAL_PARAMETERS: Record<string, string> = {
  Device: 'device-name',
  Observation: 'code',
  User: 'email:contains',
};

/** The search parameter the picker matches typed text with for `resourceType`. */
export function referenceSearchParameter(resourceType: string): string {
  return SPECIAL_PARAMETERS[resourceType] ?? (NAMED_TYPES.has(resourceType) ? 'name' : '_id');
}

/** The search query of the picker for one type: `{ name: 'smi', _count: '10' }`. */
export function referenceSearchQuery(resourceType: string, text: string): Record<string, string> {
  return { [referenceSearchParameter(resourceType)]: text, _count: '10' };
}

/** 'http://hl7.org/fhir/StructureDefinition/Patient' → 'Patient'. */
export function targetTypeName(targetProfile: string): string {
  return targetProfile.slice(targetProfile.lastIndexOf('/') + 1);
}
