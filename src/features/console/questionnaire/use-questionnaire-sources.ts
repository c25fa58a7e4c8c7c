import type { Reference } from '@medplum/fhirtypes';
import { useMemo } from 'react';
import {
  ApiError,
  REFERENCE_SEARCH_COUNT,
  referenceSearchParameter,
  referenceTo,
  useFhirClient,
  useFormDataSources,
} from '@/ui';
import type { QuestionnaireSources } from './QuestionnaireItemInput';

/** A placeholder for the response's patient: `{{%patient}}` or `{{%patient.id}}`. */
const PATIENT_PLACEHOLDER = /\{\{\s*%patient(\.id)?\s*\}\}/g;

/**
 * The search parameters of a reference filter ('active=true&organization=Organization/1'). The
 * response's patient fills `{{%patient}}` (as 'Patient/1') and `{{%patient.id}}` (as '1'); a
 * parameter left with a placeholder nothing fills (no patient, another variable) is left out.
 */
export function filterParameters(filter: string | undefined, patient?: Reference): Record<string, string> {
  const patientId = /^Patient\/([^/]+)$/.exec(patient?.reference ?? '')?.[1];
  const parameters: Record<string, string> = {};
  for (const [name, given] of new URLSearchParams(filter ?? '')) {
    const value = patientId
      ? given.replace(PATIENT_PLACEHOLDER, (_, id: string | undefined) =>
          id ? patientId : `Patient/${patientId}`
        )
      : given;
    if (name && !value.includes('{{')) parameters[name] = value;
  }
  return parameters;
}

/**
 * Where a questionnaire's options come from: value set expansions (kept for offline use) and
 * references, searched with the item's filter (filled with the response's patient) on the server;
 * offline, the replica's matches.
 */
export function useQuestionnaireSources(patient?: Reference): QuestionnaireSources {
  const patientReference = patient?.reference;
  const form = useFormDataSources();
  const fhir = useFhirClient();
  return useMemo(
    () => ({
      expandValueSet: (url, filter) => form.expandValueSet(url, filter),
      async searchReferences(resourceTypes, text, filter) {
        const narrowing = filterParameters(
          filter,
          patientReference ? { reference: patientReference } : undefined
        );
        if (Object.keys(narrowing).length === 0) return form.searchReferences(resourceTypes, text);
        try {
          const pages = await Promise.all(
            resourceTypes.map((type) =>
              fhir.searchAll(
                type,
                {
                  ...narrowing,
                  _count: REFERENCE_SEARCH_COUNT,
                  ...(text ? { [referenceSearchParameter(type)]: text } : {}),
                },
                { max: REFERENCE_SEARCH_COUNT }
              )
            )
          );
          return pages
            .flat()
            .filter((resource) => resourceTypes.includes(resource.resourceType))
            .slice(0, REFERENCE_SEARCH_COUNT)
            .map(referenceTo);
        } catch (error) {
          // The server's refusal is shown; an unreachable server gives what the replica holds,
          // without the filter it cannot apply.
          if (error instanceof ApiError) throw error;
          return form.searchReferences(resourceTypes, text);
        }
      },
    }),
    [form, fhir, patientReference]
  );
}
