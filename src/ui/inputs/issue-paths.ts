import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';

/** 'Patient.name[0].given[1]' → 'Patient.name.given': array positions do not tell fields apart. */
export function withoutIndexes(expression: string): string {
  return expression.replace(/\[\d+\]/g, '');
}

/** One step of an issue's path against one of a field's: a choice step ('onset[x]') names any of its types. */
function stepMatches(issueStep: string, fieldStep: string): boolean {
  if (issueStep === fieldStep) return true;
  if (!issueStep.endsWith('[x]')) return false;
  const base = issueStep.slice(0, -3);
  return fieldStep.startsWith(base) && /^[A-Z]/.test(fieldStep.slice(base.length));
}

/**
 * Whether an issue's expression points at a field. Array indexes are ignored on both sides, and
 * one may be a dotted suffix of the other: 'birthDate' and 'Patient.birthDate' name the same field,
 * 'name.given' and 'Patient.name.given' too, but 'Patient.name' is not 'Patient.name.given'. A
 * choice element in the issue ('Condition.onset[x]') names the field of any of its types
 * ('Condition.onsetDateTime').
 */
export function expressionMatchesPath(expression: string, fieldPath: string): boolean {
  const issuePath = withoutIndexes(expression.trim());
  const path = withoutIndexes(fieldPath.trim());
  if (!issuePath || !path) return false;
  const issueSteps = issuePath.split('.');
  const fieldSteps = path.split('.');
  const shared = Math.min(issueSteps.length, fieldSteps.length);
  for (let back = 1; back <= shared; back++) {
    const issueStep = issueSteps[issueSteps.length - back] as string;
    const fieldStep = fieldSteps[fieldSteps.length - back] as string;
    if (!stepMatches(issueStep, fieldStep)) return false;
  }
  return true;
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
