import type { OperationOutcome } from '@medplum/fhirtypes';

/** An error as the form shows it: one issue with its words. */
export function outcomeOf(error: unknown): OperationOutcome {
  const text = error instanceof Error ? error.message : String(error);
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: 'processing', details: { text } }],
  };
}
