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

/** The search parameters of a reference filter ('active=true&organization=Organization/1'). */
export function filterParameters(filter: string | undefined): Record<string, string> {
  const parameters: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(filter ?? '')) {
    // A filter that names the response's context ({{%patient}}) has nothing to fill it with here.
    if (name && !value.includes('{{')) parameters[name] = value;
  }
  return parameters;
}

/**
 * Where a questionnaire's options come from: value set expansions (kept for offline use) and
 * references, searched with the item's filter on the server; offline, the replica's matches.
 */
export function useQuestionnaireSources(): QuestionnaireSources {
  const form = useFormDataSources();
  const fhir = useFhirClient();
  return useMemo(
    () => ({
      expandValueSet: (url, filter) => form.expandValueSet(url, filter),
      async searchReferences(resourceTypes, text, filter) {
        const narrowing = filterParameters(filter);
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
    [form, fhir]
  );
}
