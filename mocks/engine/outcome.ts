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
