import { ApiError, toOperationOutcome } from './errors';

/** Reads an answer's body: JSON when it says so (or looks so), text otherwise, undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) {
    return undefined;
  }
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** The body of a successful answer; an answer of 400 or above raises the server's words as ApiError. */
export async function parseResponse<T>(response: Response): Promise<T> {
  const body = await readBody(response);
  if (response.status >= 400) {
    throw new ApiError(response.status, toOperationOutcome(response.status, body));
  }
  return body as T;
}
