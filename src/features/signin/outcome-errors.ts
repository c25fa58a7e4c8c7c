import { ApiError } from '@/ui';

/**
 * Splits a server's refusal into the words for each form field (issues whose expression names the
 * field, ignoring array indexes and matching by suffix) and the rest, which the form shows above.
 */
export function fieldErrors(error: unknown, fields: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) {
    return errors;
  }
  for (const issue of error.outcome.issue ?? []) {
    const words = issue.details?.text ?? issue.diagnostics;
    const field = fieldOf(issue.expression, fields);
    if (words && field && !errors[field]) {
      errors[field] = words;
    }
  }
  return errors;
}

/** True when every issue of the refusal belongs to one of the fields, so no alert is needed. */
export function onlyFieldErrors(error: unknown, fields: readonly string[]): boolean {
  return (
    error instanceof ApiError &&
    (error.outcome.issue ?? []).length > 0 &&
    (error.outcome.issue ?? []).every((issue) => fieldOf(issue.expression, fields) !== undefined)
  );
}

function fieldOf(expressions: string[] | undefined, fields: readonly string[]): string | undefined {
  for (const expression of expressions ?? []) {
    const path = expression.replace(/\[\d+\]/g, '');
    const field = fields.find((name) => path === name || path.endsWith(`.${name}`));
    if (field) {
      return field;
    }
  }
  return undefined;
}
