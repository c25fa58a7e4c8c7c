import type { OperationOutcome, Resource } from '@medplum/fhirtypes';
import { outcomeOf, type OutboxEntry, type ResourceState } from '@/ui';

export interface RefusedEdits {
  /** The resource's changes the server refused for good, oldest first. */
  entries: OutboxEntry[];
  /** The server's answer to the latest of them: its issues go under the form's fields. */
  outcome?: OperationOutcome;
}

/** What the server refused of a resource's queued edits, for its edit form. */
export function refusedEdits(sync: ResourceState<Resource> | undefined): RefusedEdits {
  const entries = sync?.failures ?? [];
  const latest = entries.at(-1);
  if (!latest) return { entries };
  const outcome = latest.outcome ?? outcomeOf(new Error(latest.error ?? 'The server refused this change.'));
  return { entries, outcome };
}
