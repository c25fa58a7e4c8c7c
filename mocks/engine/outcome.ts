import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';

export type IssueCode = OperationOutcomeIssue['code'];

/** An error the fake server answers with a status and an OperationOutcome, never a 500. */
export class FhirError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: IssueCode = 'invalid',
    readonly expression?: string
  ) {
    super(message);
    this.name = 'FhirError';
  }

  toOutcome(): OperationOutcome {
    return operationOutcome('error', this.code, this.message, this.expression);
  }
}

export function operationOutcome(
  severity: OperationOutcomeIssue['severity'],
  code: IssueCode,
  text: string,
  expression?: string
): OperationOutcome {
  const issue: OperationOutcomeIssue = { severity, code, details: { text } };
  if (expression) issue.expression = [expression];
  return { resourceType: 'OperationOutcome', issue: [issue] };
}

export const badRequest = (message: string, expression?: string): FhirError =>
  new FhirError(400, message, 'invalid', expression);
export const notFound = (message = 'Not found'): FhirError => new FhirError(404, message, 'not-found');
export const preconditionFailed = (message: string): FhirError => new FhirError(412, message, 'conflict');
export const unauthorized = (message = 'Unauthorized'): FhirError => new FhirError(401, message, 'login');
export const forbidden = (message = 'Forbidden'): FhirError => new FhirError(403, message, 'forbidden');

/** Ids that tell a client the meaning of an outcome without its HTTP status (as in batch responses). */
const OUTCOME_IDS: Record<number, string> = {
  200: 'ok',
  201: 'created',
  202: 'accepted',
  304: 'not-modified',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  410: 'gone',
  412: 'precondition-failed',
  422: 'unprocessable',
  429: 'too-many-requests',
};

/** An informational outcome for a successful interaction, e.g. 'All OK' (id ok) or 'Created' (id created). */
export function successOutcome(status: number, text?: string): OperationOutcome {
  const outcome = operationOutcome(
    'information',
    'informational',
    text ?? (status === 201 ? 'Created' : 'All OK')
  );
  return { ...outcome, id: OUTCOME_IDS[status] ?? 'ok' };
}

/** The error's outcome, with the id that matches its status (none for a plain 400). */
export function errorOutcome(error: FhirError): OperationOutcome {
  const outcome = error.toOutcome();
  const id = OUTCOME_IDS[error.status];
  return id ? { ...outcome, id } : outcome;
}

export const gone = (message = 'Gone'): FhirError => new FhirError(410, message, 'deleted');
export const methodNotAllowed = (message = 'Method not allowed'): FhirError =>
  new FhirError(405, message, 'not-supported');
