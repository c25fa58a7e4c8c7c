import type { OperationOutcome, Resource } from '@medplum/fhirtypes';
import { compare } from 'fast-json-patch';
import type { LocalChange, OutboxEntry, ResourceState } from '@/ui';
import { outcomeOf } from '../common/outcome';

/** The fields a change may touch: never the identity, never the server's bookkeeping. */
function changeable(resource: Resource): Record<string, unknown> {
  const { resourceType: _type, id: _id, meta: _meta, ...rest } = resource;
  return rest;
}

/**
 * The change that turns the version the user opened into what the form gave back, as a JSON Patch
 * tested against that version (`baseVersionId`); undefined when nothing changed. Never commutes: an
 * edit of a resource another user changed meanwhile is a conflict for the user to resolve.
 */
export function updateChange(
  before: Resource,
  after: Resource,
  baseVersionId: string | undefined
): LocalChange | undefined {
  const operations = compare(changeable(before), changeable(after));
  if (operations.length === 0) return undefined;
  return {
    resourceType: before.resourceType,
    id: before.id,
    kind: 'patch',
    operations,
    commutes: false,
    label: `Edit ${before.resourceType}`,
    ...(baseVersionId ? { baseVersionId } : {}),
  };
}

/** A new resource: the engine gives it the device's identifier, so a retried create is found, not made twice. */
export function createChange(resource: Resource): LocalChange {
  const { id: _id, meta: _meta, ...body } = resource;
  return {
    resourceType: resource.resourceType,
    kind: 'create',
    resource: body as Resource,
    commutes: false,
    label: `Create ${resource.resourceType}`,
  };
}

export function deleteChange(resource: Resource, baseVersionId: string | undefined): LocalChange {
  return {
    resourceType: resource.resourceType,
    id: resource.id,
    kind: 'delete',
    commutes: false,
    label: `Delete ${resource.resourceType}`,
    ...(baseVersionId ? { baseVersionId } : {}),
  };
}

export interface RefusedEdits {
  /** The resource's changes the server refused for good, oldest first. */
  entries: OutboxEntry[];
  /** The server's answer to the latest of them: its issues go under the form's fields. */
  outcome?: OperationOutcome;
  /**
   * The server's version, when refused edits are all this device holds for the resource: a new
   * edit is then made from it (the refused ones are still drawn in the form) and replaces them.
   */
  server?: Resource;
}

/** What the server refused of a resource's queued edits, for its edit form. */
export function refusedEdits(sync: ResourceState<Resource> | undefined): RefusedEdits {
  const entries = sync?.failures ?? [];
  const latest = entries.at(-1);
  if (!latest) return { entries };
  const outcome = latest.outcome ?? outcomeOf(new Error(latest.error ?? 'The server refused this change.'));
  const onlyEdits = entries.every((entry) => entry.kind === 'patch') && sync?.pending === 0;
  const server = onlyEdits ? sync?.record?.server : undefined;
  return server ? { entries, outcome, server } : { entries, outcome };
}
