/** Paging of the lists (task list, resource lists): the page lives in the URL as `_offset`/`_count`. */

/** Rows per page when the URL names none. */
export const DEFAULT_PAGE_SIZE = 20;

/** Where a page starts: `_offset` of the URL, 0 when missing or not a whole number. */
export function pageOffset(params: URLSearchParams): number {
  const offset = Number(params.get('_offset') ?? 0);
  return Number.isInteger(offset) && offset > 0 ? offset : 0;
}

/** Rows per page: `_count` of the URL, else DEFAULT_PAGE_SIZE. */
export function pageSize(params: URLSearchParams): number {
  const count = Number(params.get('_count') ?? DEFAULT_PAGE_SIZE);
  return Number.isInteger(count) && count > 0 ? count : DEFAULT_PAGE_SIZE;
}

/**
 * The FHIR search of one page of a list: the URL's filters and sort (`defaultSort` when it has
 * none), its page, and nothing that only chooses columns (`_fields`).
 */
export function pageSearch(params: URLSearchParams, defaultSort: string): URLSearchParams {
  const search = new URLSearchParams([...params].filter(([name]) => name !== '_fields'));
  if (!search.has('_sort')) search.set('_sort', defaultSort);
  search.set('_count', String(pageSize(params)));
  search.set('_offset', String(pageOffset(params)));
  return search;
}

/** The URL query of another page of the same list. */
export function withOffset(params: URLSearchParams, offset: number): URLSearchParams {
  const next = new URLSearchParams([...params].filter(([name]) => name !== '_offset'));
  if (offset > 0) next.set('_offset', String(offset));
  return next;
}
