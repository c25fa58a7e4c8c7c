import type { OperationOutcome } from '@medplum/fhirtypes';

/** The words a server put in an OperationOutcome, issues joined with '; '. */
export function outcomeText(outcome: OperationOutcome): string {
  const texts = (outcome.issue ?? [])
    .map((issue) => issue.details?.text ?? issue.diagnostics ?? issue.code)
    .filter((text): text is string => !!text);
  return texts.join('; ') || 'Unknown error';
}

export function isOperationOutcome(value: unknown): value is OperationOutcome {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { resourceType?: unknown }).resourceType === 'OperationOutcome'
  );
}

/** An answer of 400 or above. The message is the server's own text. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly outcome: OperationOutcome,
    message = outcomeText(outcome)
  ) {
    super(message);
  }
}

/** The network could not be reached ('Failed to fetch'). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause?: unknown) {
    super('Failed to fetch', { cause });
  }
}

/** The session cannot be used any more; the user must sign in again. */
export class UnauthenticatedError extends Error {
  override readonly name = 'UnauthenticatedError';

  constructor() {
    super('Unauthenticated');
  }
}

/** Turns an answer body of any shape into an OperationOutcome. */
export function toOperationOutcome(status: number, body: unknown): OperationOutcome {
  if (isOperationOutcome(body)) {
    return body;
  }
  const text = describeBody(body) ?? (status === 404 ? 'Not found' : `HTTP ${status}`);
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: status === 404 ? 'not-found' : 'processing', details: { text } }],
  };
}

function describeBody(body: unknown): string | undefined {
  if (typeof body === 'string') {
    return body.trim() || undefined;
  }
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    for (const key of ['error_description', 'message', 'error']) {
      const value = record[key];
      if (typeof value === 'string' && value) {
        return value;
      }
    }
  }
  return undefined;
}
