import type { Bundle, SearchParameter, StructureDefinition } from '@medplum/fhirtypes';
import { useEffect } from 'react';
import { SEARCH_PARAMETERS_META_KEY, type CachedSearchParameters } from '@/sync/local-query';
import { useReplicaQuery } from '../use-replica-query';
import { useCommands } from './use-commands';
import { useServerRead } from './use-server';

/** One search parameter of a type as the search control offers it. */
export interface SearchParameterInfo {
  code: string;
  /** FHIR search parameter type: string, token, reference, date, number, quantity, uri, composite, special. */
  type: string;
  /** FHIRPath of the values it searches. */
  expression?: string;
  description?: string;
}

export type SearchParametersState =
  | { status: 'loading' }
  /** `parameters` by code; `elements`: the type's top-level element names from its StructureDefinition. */
  | { status: 'ready'; parameters: SearchParameterInfo[]; elements: string[] }
  /** Neither the replica nor the server (offline, or refusing) could say. */
  | { status: 'unavailable'; message: string };

/** Bases whose parameters apply to every type. */
const COMMON_BASES = ['Resource', 'DomainResource'];

const definitionUrl = (resourceType: string) => `http://hl7.org/fhir/StructureDefinition/${resourceType}`;

function parametersOf(resourceType: string, definitions: readonly SearchParameter[]): SearchParameterInfo[] {
  const byCode = new Map<string, SearchParameterInfo>();
  for (const sp of definitions) {
    const bases = (sp.base ?? []) as string[];
    if (!sp.code || !sp.type || !bases.some((base) => base === resourceType || COMMON_BASES.includes(base)))
      continue;
    // A later definition of a code replaces an earlier one, as on the server.
    byCode.set(sp.code, {
      code: sp.code,
      type: sp.type,
      expression: sp.expression,
      description: sp.description,
    });
  }
  return [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code));
}

/** 'Patient.deceased[x]' → 'deceased'; nested paths and the type itself are left out. */
function elementsOf(resourceType: string, definition: StructureDefinition | undefined): string[] {
  const names = (definition?.snapshot?.element ?? []).flatMap((element) => {
    const parts = (element.path ?? '').split('.');
    return parts.length === 2 && parts[0] === resourceType ? [(parts[1] ?? '').replace('[x]', '')] : [];
  });
  return [...new Set(names)];
}

interface LocalSchema {
  parameters: SearchParameter[];
  /** True when the replica holds definitions made for this very type, not only the common ones. */
  forType: boolean;
  definition?: StructureDefinition;
}

/**
 * The search parameters and elements of a resource type, for the search control (fields, filters,
 * operators). Loaded from the server once, kept in the replica (the SearchParameter and
 * StructureDefinition resources themselves), and read from there afterwards, offline too.
 */
export function useSearchParameters(resourceType: string): SearchParametersState {
  const { keepServerVersions } = useCommands();
  const local = useReplicaQuery(
    async (reader): Promise<LocalSchema> => {
      const cached = await reader.meta<CachedSearchParameters>(SEARCH_PARAMETERS_META_KEY);
      const kept = (await reader.recordsOfType('SearchParameter')).map(
        (record) => record.resource as SearchParameter
      );
      const definition = (await reader.recordsOfType('StructureDefinition')).find(
        (record) => (record.resource as StructureDefinition).url === definitionUrl(resourceType)
      )?.resource as StructureDefinition | undefined;
      const parameters = [...(cached?.parameters ?? []), ...kept];
      const forType =
        (cached?.bases.includes(resourceType) ?? false) ||
        kept.some((sp) => ((sp.base ?? []) as string[]).includes(resourceType));
      return { parameters, forType, definition };
    },
    [resourceType]
  );

  const needsServer = local !== undefined && (!local.forType || !local.definition);
  const server = useServerRead(needsServer ? `search-parameters:${resourceType}` : null, async (fhir) => {
    const [parameters, definitions] = await Promise.all([
      fhir.searchAll('SearchParameter', { base: [resourceType, ...COMMON_BASES].join(','), _count: '1000' }),
      fhir.search('StructureDefinition', { url: definitionUrl(resourceType) }),
    ]);
    return { parameters: parameters as SearchParameter[], definitions };
  });

  useEffect(() => {
    if (server.status !== 'ready') return;
    const definition = firstOf(server.data.definitions);
    void keepServerVersions([...server.data.parameters, ...(definition ? [definition] : [])]).catch(
      () => undefined
    );
  }, [server, keepServerVersions]);

  if (local === undefined) return { status: 'loading' };
  if (!needsServer) {
    return {
      status: 'ready',
      parameters: parametersOf(resourceType, local.parameters),
      elements: elementsOf(resourceType, local.definition),
    };
  }
  switch (server.status) {
    case 'idle':
    case 'loading':
      return { status: 'loading' };
    case 'ready':
      return {
        status: 'ready',
        parameters: parametersOf(resourceType, [...local.parameters, ...server.data.parameters]),
        elements: elementsOf(resourceType, local.definition ?? firstOf(server.data.definitions)),
      };
    case 'offline':
    case 'error':
      // What the replica knows (the common parameters, or this type's without its elements) still serves.
      if (local.parameters.length > 0) {
        return {
          status: 'ready',
          parameters: parametersOf(resourceType, local.parameters),
          elements: elementsOf(resourceType, local.definition),
        };
      }
      return {
        status: 'unavailable',
        message:
          server.status === 'error' ? server.message : 'The search fields need a connection to the server',
      };
  }
}

function firstOf(bundle: Bundle): StructureDefinition | undefined {
  const found = bundle.entry?.find((entry) => entry.resource?.resourceType === 'StructureDefinition');
  return found?.resource as StructureDefinition | undefined;
}
