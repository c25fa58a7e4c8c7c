import type { SearchParameter } from '@medplum/fhirtypes';
import type { ReplicaTransaction } from '@/db/types';

/**
 * The replica meta key under which the sync engine keeps the server's SearchParameter resources for
 * the local query engine, as a `CachedSearchParameters` value. Read it with `readSearchParameters`.
 */
export const SEARCH_PARAMETERS_META_KEY = 'searchParameters';

/**
 * A small meta value written with the definitions, naming their version (`searchParametersStamp`
 * holds `{ stamp }`): a reader that already built its engine from that version skips reading the
 * definitions themselves, which every list read would otherwise deserialise.
 */
export const SEARCH_PARAMETERS_STAMP_META_KEY = 'searchParametersStamp';

/** The version of a set of cached definitions, as the stamp meta value names it. */
export function searchParametersStamp(definitions: CachedSearchParameters): string {
  return `${definitions.fetchedAt}|${definitions.bases.join(',')}|${definitions.parameters.length}`;
}

/** The bases whose parameters the task queues use: Task, the Patient of its chains, and the common ones. */
export const QUEUE_SEARCH_BASES: readonly string[] = ['Resource', 'DomainResource', 'Task', 'Patient'];

export interface CachedSearchParameters {
  /** ISO instant of the fetch. */
  fetchedAt: string;
  bases: string[];
  /** In the server's order: a later definition of the same base and code replaces an earlier one. */
  parameters: SearchParameter[];
}

/** The search that fetches the definitions: `GET SearchParameter?base=...&_count=1000`. */
export function searchParameterQuery(bases: readonly string[] = QUEUE_SEARCH_BASES): URLSearchParams {
  return new URLSearchParams({ base: bases.join(','), _count: '1000' });
}

/** What searching needs and the required elements, so the cached copy stays small. */
export function compactSearchParameter(sp: SearchParameter): SearchParameter {
  const { resourceType, id, url, name, status, description, code, base, type, expression, target } = sp;
  return { resourceType, id, url, name, status, description, code, base, type, expression, target };
}

export async function writeSearchParameters(
  tx: Pick<ReplicaTransaction, 'putMeta'>,
  parameters: readonly SearchParameter[],
  options: { fetchedAt: string; bases?: readonly string[] }
): Promise<void> {
  const value: CachedSearchParameters = {
    fetchedAt: options.fetchedAt,
    bases: [...(options.bases ?? QUEUE_SEARCH_BASES)],
    parameters: parameters.map(compactSearchParameter),
  };
  await tx.putMeta(SEARCH_PARAMETERS_META_KEY, value);
  await tx.putMeta(SEARCH_PARAMETERS_STAMP_META_KEY, { stamp: searchParametersStamp(value) });
}

/** The cached definitions, or undefined before the first fetch. */
export async function readSearchParameters(
  tx: Pick<ReplicaTransaction, 'getMeta'>
): Promise<CachedSearchParameters | undefined> {
  return tx.getMeta<CachedSearchParameters>(SEARCH_PARAMETERS_META_KEY);
}
