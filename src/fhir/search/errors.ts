/** A search request the engine cannot answer: unknown parameter, malformed value, bad control. */
export class SearchError extends Error {
  constructor(
    /** The query parameter at fault, as the caller wrote it (e.g. `birthdate`, `_sort`). */
    readonly parameter: string,
    message: string
  ) {
    super(message);
    this.name = 'SearchError';
  }
}

export const searchError = (parameter: string, message: string): SearchError =>
  new SearchError(parameter, `${message} (parameter "${parameter}")`);
