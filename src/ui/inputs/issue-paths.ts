import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';

/** 'Patient.name[0].given[1]' → 'Patient.name.given': array positions do not tell fields apart. */
export function withoutIndexes(expression: string): string {
  return expression.replace(/\[\d+\]/g, '');
}

/**
 * Whether an issue's expression points at a field. Array indexes are ignored on both sides, and
 * one may be a dotted suffix of the other: 'birthDate' and 'Patient.birthDate' name the same field,
 * 'name.given' and 'Patient.name.given' too, but 'Patient.name' is not 'Patient.name.given'.
 */
export function expressionMatchesPath(expression: string, fieldPath: string): boolean {
  const issuePath = withoutIndexes(expression.trim());
  const path = withoutIndexes(fieldPath.trim());
  if (!issuePath || !path) return false;
  return issuePath === path || issuePath.endsWith(`.${path}`) || path.endsWith(`.${issuePath}`);
}

/** Where an issue points: its expressions, else its (deprecated) locations. */
export function issueExpressions(issue: OperationOutcomeIssue): string[] {
  return issue.expression?.length ? issue.expression : (issue.location ?? []);
}

/** The words an issue says, as the server wrote them. */
export function issueText(issue: OperationOutcomeIssue): string {
  return issue.details?.text ?? issue.diagnostics ?? issue.code;
}

/** The issues of an outcome that point at the field at `fieldPath`. */
export function issuesForPath(
  outcome: OperationOutcome | undefined,
  fieldPath: string
): OperationOutcomeIssue[] {
  return (outcome?.issue ?? []).filter((issue) =>
    issueExpressions(issue).some((expression) => expressionMatchesPath(expression, fieldPath))
  );
}

/** The error text shown under a field, or undefined when no issue points at it. */
export function fieldErrorText(outcome: OperationOutcome | undefined, fieldPath: string): string | undefined {
  const texts = issuesForPath(outcome, fieldPath).map(issueText);
  return texts.length ? texts.join('; ') : undefined;
}
