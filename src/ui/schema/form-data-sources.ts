import type { Coding, Reference, Resource, ValueSet, ValueSetExpansionContains } from '@medplum/fhirtypes';
import { useMemo } from 'react';
import type { FhirClient } from '@/sync/fhir/fhir-client';
import { NetworkError } from '@/sync/http/errors';
import type { SyncServiceApi } from '@/sync/service/types';
import { resourceName } from '../format/resource-name';
import { useFhirClient } from '../hooks/use-server';
import { codesOf } from '../hooks/use-value-set';
import type { ReplicaReader } from '../replica/reader';
import { searchReplica } from '../replica/search';
import { useReplicaContext } from '../ReplicaProvider';
import { expansionKey } from './definitions';

/** Where a resource form finds what its inputs offer: references to pick and codes of a value set. */
export interface FormDataSources {
  /** Up to 10 resources of the target types whose name-like parameter matches `text`, as references. */
  searchReferences(targetTypes: readonly string[], text: string): Promise<Reference[]>;
  /** The codes of a value set matching `filter` (all of them when empty). */
  expandValueSet(url: string, filter: string): Promise<Coding[]>;
}

/** The reference picker's page size. */
export const REFERENCE_SEARCH_COUNT = 10;

/** Types searched by `name`: the administrative ones whose name is a string or a HumanName. */
const NAMED_TYPES = new Set([
  'Patient',
  'Practitioner',
  'RelatedPerson',
  'Person',
  'Organization',
  'Location',
  'HealthcareService',
  'Endpoint',
  'Group',
  'CareTeam',
  'InsurancePlan',
  'Bot',
  'ClientApplication',
  'Project',
  'AccessPolicy',
  'Questionnaire',
  'PlanDefinition',
  'ActivityDefinition',
  'ValueSet',
  'CodeSystem',
  'StructureDefinition',
  'SearchParameter',
  'Library',
  'Measure',
]);

/** Types searched by `code`: clinical records named by what they record. */
const CODED_TYPES = new Set([
  'Observation',
  'Condition',
  'Procedure',
  'DiagnosticReport',
  'ServiceRequest',
  'MedicationRequest',
  'AllergyIntolerance',
  'Medication',
  'Task',
  'PractitionerRole',
  'Specimen',
]);

/** The name-like search parameter the reference picker uses for a type ('name', 'code', ...; else `_id`). */
export function referenceSearchParameter(resourceType: string): string {
  if (resourceType === 'Device') return 'device-name';
  if (resourceType === 'User') return 'email:contains';
  if (NAMED_TYPES.has(resourceType)) return 'name';
  if (CODED_TYPES.has(resourceType)) return 'code';
  return '_id';
}

/** A resource as a reference with the name people know it by. */
export function referenceTo(resource: Resource): Reference {
  const display = resourceName(resource);
  return { reference: `${resource.resourceType}/${resource.id ?? ''}`, ...(display ? { display } : {}) };
}

function flatten(contains: ValueSetExpansionContains[] = []): Coding[] {
  return contains.flatMap((item) => [
    ...(item.code ? [{ system: item.system, code: item.code, display: item.display }] : []),
    ...flatten(item.contains),
  ]);
}

const matchesText = (coding: Coding, filter: string): boolean => {
  const wanted = filter.toLowerCase();
  return !wanted || [coding.code, coding.display].some((text) => text?.toLowerCase().includes(wanted));
};

const isOffline = (error: unknown): boolean => error instanceof NetworkError || error instanceof TypeError;

interface Sources {
  fhir: FhirClient;
  reader: ReplicaReader;
  service: Pick<SyncServiceApi, 'keepDefinitions'>;
}

/** Offline: a kept expansion (this filter's, else the whole set filtered here), else the replica's ValueSet. */
async function expandOffline(reader: ReplicaReader, url: string, filter: string): Promise<Coding[]> {
  const exact = await reader.definition(expansionKey(url, filter));
  if (exact) return exact.value as Coding[];
  const whole = await reader.definition(expansionKey(url, ''));
  if (whole) return (whole.value as Coding[]).filter((coding) => matchesText(coding, filter));
  const held = (await reader.recordsOfType('ValueSet')).find(
    (record) => record.deleted === 0 && (record.resource as ValueSet).url === url.split('|')[0]
  );
  if (held) return codesOf(held.resource as ValueSet).filter((coding) => matchesText(coding, filter));
  throw new Error(`The value set ${url} is not kept on this device, and the server cannot be reached.`);
}

/** Offline: the replica's resources of the types, by its search where it can, else by name. */
async function searchOffline(
  reader: ReplicaReader,
  targetTypes: readonly string[],
  text: string
): Promise<Reference[]> {
  const found: Reference[] = [];
  for (const type of targetTypes) {
    const parameter = referenceSearchParameter(type);
    const query = new URLSearchParams({ _count: String(REFERENCE_SEARCH_COUNT) });
    if (text) query.set(parameter, text);
    const searched = await searchReplica(reader, type, query.toString());
    if (searched.status === 'ready') {
      found.push(...searched.records.map((record) => referenceTo(record.resource)));
      continue;
    }
    const wanted = text.toLowerCase();
    const held = (await reader.recordsOfType(type)).filter(
      (record) =>
        record.deleted === 0 &&
        (!wanted || `${resourceName(record.resource)} ${record.id}`.toLowerCase().includes(wanted))
    );
    found.push(...held.map((record) => referenceTo(record.resource)));
  }
  return found.slice(0, REFERENCE_SEARCH_COUNT);
}

/** The data sources over the server when it answers, and over the replica (and kept expansions) when not. */
export function createFormDataSources({ fhir, reader, service }: Sources): FormDataSources {
  return {
    async searchReferences(targetTypes, text) {
      const types = targetTypes.length > 0 ? targetTypes : ['Patient'];
      try {
        const pages = await Promise.all(
          types.map((type) => {
            const params: Record<string, string | number> = { _count: REFERENCE_SEARCH_COUNT };
            if (text) params[referenceSearchParameter(type)] = text;
            return fhir.searchAll(type, params, { max: REFERENCE_SEARCH_COUNT });
          })
        );
        return pages.flat().slice(0, REFERENCE_SEARCH_COUNT).map(referenceTo);
      } catch (error) {
        if (!isOffline(error)) throw error;
        return searchOffline(reader, types, text);
      }
    },
    async expandValueSet(url, filter) {
      let expanded: ValueSet;
      try {
        const query = new URLSearchParams({ url, ...(filter ? { filter } : {}) });
        expanded = await fhir.get<ValueSet>(fhir.url(`ValueSet/$expand?${query.toString()}`));
      } catch (error) {
        if (!isOffline(error)) throw error;
        return expandOffline(reader, url, filter);
      }
      const codes = flatten(expanded.expansion?.contains);
      const row = { key: expansionKey(url, filter), value: codes, fetchedAt: new Date().toISOString() };
      // Kept for offline use; a failure to store only means the next offline use falls back further.
      await service.keepDefinitions([row]).catch(() => undefined);
      return codes;
    },
  };
}

/** The form's data sources for the signed-in page (pass to the input kit's InputSourcesProvider). */
export function useFormDataSources(): FormDataSources {
  const { reader, service } = useReplicaContext();
  const fhir = useFhirClient();
  return useMemo(() => createFormDataSources({ fhir, reader, service }), [fhir, reader, service]);
}
