import { isDataTypeLoaded, OperationOutcomeError, validateResource } from '@medplum/core';
import type { OperationOutcome, OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';
import jsonPatch from 'fast-json-patch';
import { plausibilityIssues } from '@/fhir/plausible-values';
import type { LocalChange } from '@/sync/engine/types';

const isError = (issue: OperationOutcomeIssue) => issue.severity === 'error' || issue.severity === 'fatal';

/**
 * The R4 errors of a resource by the validator the server uses (types, formats, cardinality,
 * invariants), each with the FHIRPath of its element. None when the type's schema is not loaded
 * here yet, or when it holds a type whose schema is not: the server judges those.
 */
export function schemaIssues(resource: Resource): OperationOutcomeIssue[] {
  if (!isDataTypeLoaded(resource.resourceType)) return [];
  let issues: OperationOutcomeIssue[];
  try {
    issues = validateResource(resource);
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) return [];
    issues = error.outcome.issue ?? [];
    if (issues.some((issue) => /^Unknown data type/.test(issue.details?.text ?? ''))) return [];
  }
  return issues.filter(isError);
}

/** Every issue of a resource a form would send: R4 errors, impossible values, values to confirm. */
export function checkResource(resource: Resource, now = new Date()): OperationOutcomeIssue[] {
  return [...schemaIssues(resource), ...plausibilityIssues(resource, now)];
}

/**
 * The resource a change would leave: a create's resource, or the shown resource with the patch
 * applied. Undefined for a delete, or a patch of nothing shown (nothing to judge).
 */
export function resourceAfter(change: LocalChange, shown: Resource | undefined): Resource | undefined {
  if (change.kind === 'create') return change.resource;
  if (change.kind !== 'patch' || !shown || !change.operations) return undefined;
  try {
    return jsonPatch.applyPatch(structuredClone(shown), change.operations, false, false).newDocument;
  } catch {
    // A patch that does not apply to the screen's copy is the replica's to refuse.
    return undefined;
  }
}

const issueKey = (issue: OperationOutcomeIssue) =>
  `${issue.severity}|${(issue.expression ?? []).join(',')}|${issue.details?.text ?? issue.diagnostics ?? ''}`;

/** Why a form's change may not be queued as it is. */
export interface ChangeVerdict {
  outcome: OperationOutcome;
  /** Only warnings: the user may save anyway. */
  confirm: boolean;
}

/**
 * Judges the change before it is queued: errors refuse it, warnings ask to confirm unless
 * `acceptWarnings`. An edit is judged only by the issues it brings: what the shown resource already
 * had (another client's data) does not stop an unrelated change.
 */
export function checkChange(
  change: LocalChange,
  shown: Resource | undefined,
  options: { acceptWarnings?: boolean; now?: Date } = {}
): ChangeVerdict | undefined {
  const after = resourceAfter(change, shown);
  if (!after) return undefined;
  const now = options.now ?? new Date();
  let issues = checkResource(after, now);
  if (change.kind === 'patch' && shown && issues.length > 0) {
    const before = new Set(checkResource(shown, now).map(issueKey));
    issues = issues.filter((issue) => !before.has(issueKey(issue)));
  }
  const errors = issues.filter(isError);
  const warnings = issues.filter((issue) => issue.severity === 'warning');
  if (errors.length > 0)
    return { outcome: { resourceType: 'OperationOutcome', issue: errors }, confirm: false };
  if (warnings.length > 0 && !options.acceptWarnings)
    return { outcome: { resourceType: 'OperationOutcome', issue: warnings }, confirm: true };
  return undefined;
}

/** True when an outcome holds only warnings a user may accept (a form shows 'Save anyway'). */
export function asksToConfirm(outcome: OperationOutcome | undefined): boolean {
  const issues = outcome?.issue ?? [];
  return issues.length > 0 && issues.every((issue) => issue.severity === 'warning');
}
