import { REFERENCE_SEARCH_COUNT, referenceSearchParameter } from '../schema/form-data-sources';

/** How the reference picker searches a target type: by its name-like parameter, at most 10 matches. */
export { referenceSearchParameter };

/** The search query of the picker for one type: `{ name: 'smi', _count: '10' }`. */
export function referenceSearchQuery(resourceType: string, text: string): Record<string, string> {
  return { [referenceSearchParameter(resourceType)]: text, _count: String(REFERENCE_SEARCH_COUNT) };
}

/** 'http://hl7.org/fhir/StructureDefinition/Patient' → 'Patient'. */
export function targetTypeName(targetProfile: string): string {
  return targetProfile.slice(targetProfile.lastIndexOf('/') + 1);
}
