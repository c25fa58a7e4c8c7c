import { indexStructureDefinitionBundle, isDataTypeLoaded } from '@medplum/core';
import type { ElementDefinition, StructureDefinition } from '@medplum/fhirtypes';
import type { FhirClient } from '@/sync/fhir/fhir-client';

/** The replica key of a type's schema: its StructureDefinition and the profiles read with it. */
export const schemaKey = (resourceType: string): string => `schema/${resourceType}`;

/** The replica key of a ValueSet expansion. */
export const expansionKey = (url: string, filter: string): string => `expand/${url}|${filter}`;

/** What display, forms and validation read of an element; the rest of a definition is left out. */
function compactElement(element: ElementDefinition): ElementDefinition {
  const { id, path, sliceName, min, max, base, type, contentReference, binding, slicing, short } = element;
  const kept: ElementDefinition = {
    id,
    path,
    sliceName,
    min,
    max,
    base,
    type,
    contentReference,
    short,
    slicing,
  };
  if (binding) kept.binding = { strength: binding.strength, valueSet: binding.valueSet };
  return JSON.parse(JSON.stringify(kept)) as ElementDefinition;
}

/**
 * A StructureDefinition as the replica keeps it: the identity and the snapshot's elements, without
 * narrative, mappings, differential or long descriptions (a Patient's shrinks from 190 KB to 12 KB).
 */
export function compactDefinition(definition: StructureDefinition): StructureDefinition {
  const { resourceType, id, url, name, type, kind, abstract, baseDefinition, derivation, status } =
    definition;
  return {
    resourceType,
    id,
    url,
    name,
    type,
    kind,
    abstract,
    baseDefinition,
    derivation,
    status,
    snapshot: { element: (definition.snapshot?.element ?? []).map(compactElement) },
  };
}

/**
 * The definitions of a resource type from the server: its base definition (the specialization of
 * that type) and any profiles named, in one search each. Empty when the server has none.
 */
export async function fetchSchema(
  fhir: FhirClient,
  resourceType: string,
  profiles: readonly string[] = []
): Promise<StructureDefinition[]> {
  const base = fhir.searchAll(
    'StructureDefinition',
    { type: resourceType, derivation: 'specialization', _count: 10 },
    { noCache: true }
  );
  const named =
    profiles.length > 0
      ? fhir.searchAll('StructureDefinition', { url: profiles.join(','), _count: 50 }, { noCache: true })
      : Promise.resolve([]);
  const [found, constraints] = await Promise.all([base, named]);
  const definitions = [...found, ...constraints] as StructureDefinition[];
  // A server may hold definitions of the same type from other packages: the type's own comes first.
  const own = definitions.filter(
    (definition) => definition.name === resourceType || definition.id === resourceType
  );
  if (own.length === 0) return [];
  return [...own, ...definitions.filter((definition) => !own.includes(definition))].map(compactDefinition);
}

/** Makes definitions known to @medplum/core's schema (getDataType, element types, profiles). */
export function indexDefinitions(definitions: readonly StructureDefinition[]): void {
  indexStructureDefinitionBundle([...definitions]);
}

/** True when the type's schema is known here already (indexed this session, or built into the library). */
export function isSchemaLoaded(resourceType: string): boolean {
  return isDataTypeLoaded(resourceType);
}
