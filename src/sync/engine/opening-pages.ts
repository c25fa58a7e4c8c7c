import type { Bundle, Resource } from '@medplum/fhirtypes';
import { batchEntryError, batchGet, toSearchParams, withQuery, type FhirClient } from '../fhir/fhir-client';
import { openingQueries, type TaskQuery } from '@/sync/engine/pull/scope';
import type { FirstPagePreview } from './types';

/**
 * The opening screens' first pages as the lists ask for them (the same filters, sort and page,
 * without what the load pulls in beside), from the server's answers to their searches. A failed
 * or missing answer offers no page.
 */
export function openingPreviews(
  profile: string,
  queries: TaskQuery[],
  answers: (Resource | Error | undefined)[]
): FirstPagePreview[] {
  return queries.flatMap((query, index) => {
    const page = answers[index];
    if (!page || page instanceof Error || page.resourceType !== 'Bundle') return [];
    const bundle = page as Bundle;
    const tasks = (bundle.entry ?? []).flatMap((entry) =>
      entry.search?.mode !== 'include' && entry.resource?.resourceType === 'Task' ? [entry.resource] : []
    );
    const params = toSearchParams(query.params);
    params.delete('_include');
    params.set('_offset', '0');
    return [{ profile, query: params.toString(), tasks, total: bundle.total }];
  });
}

/**
 * The opening screens' first pages, read by the page itself in one batch as soon as a sign-in has
 * its tokens: the rows can then be drawn while the sync worker is still starting, and before its
 * first load's answer. Only the tasks are asked for: the load brings what they point at.
 */
export async function readOpeningPages(fhir: FhirClient, profile: string): Promise<FirstPagePreview[]> {
  const queries = openingQueries(profile).map((query) => ({
    ...query,
    params: Object.fromEntries(Object.entries(query.params).filter(([name]) => name !== '_include')),
  }));
  const answers = await fhir.batch(queries.map((query) => batchGet(withQuery('Task', query.params))));
  return openingPreviews(
    profile,
    queries,
    answers.map((answer) => (batchEntryError(answer) ? undefined : answer.resource))
  );
}
