import { indexStructureDefinitionBundle } from '@medplum/core';
import type { Bundle, StructureDefinition } from '@medplum/fhirtypes';
import { defaultDefinitionLoader } from '@mocks/engine/definition-files';

let indexed: Promise<void> | undefined;

/**
 * Indexes the R4 data type and resource definitions the fake server serves, as the console pages
 * do before showing a form. Done once per test process.
 */
export function indexFormSchemas(): Promise<void> {
  indexed ??= (async () => {
    indexStructureDefinitionBundle(await defaultDefinitionLoader('profiles-types'));
    indexStructureDefinitionBundle(await defaultDefinitionLoader('profiles-resources'));
  })();
  return indexed;
}

/** One R4 resource definition as the server serves it (to derive test profiles from). */
export async function resourceDefinition(type: string): Promise<StructureDefinition> {
  const bundle: Bundle = await defaultDefinitionLoader('profiles-resources');
  const definition = bundle.entry?.find(
    (entry) => entry.resource?.resourceType === 'StructureDefinition' && entry.resource.id === type
  )?.resource as StructureDefinition | undefined;
  if (!definition) throw new Error(`No definition of ${type}`);
  return definition;
}
