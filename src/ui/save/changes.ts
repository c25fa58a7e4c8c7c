import type { Resource } from '@medplum/fhirtypes';
import { compare } from 'fast-json-patch';
import type { LocalChange } from '@/sync/engine/types';

/**
 * What an edit may change: everything but the identity (resourceType, id) and the server's
 * bookkeeping (meta). A form that sends back a different meta or id has changed nothing by that.
 */
function editable(resource: Resource): Record<string, unknown> {
  const { resourceType: _type, id: _id, meta: _meta, ...rest } = resource;
  return rest;
}

export interface EditOptions {
  /** The outbox label, in the product's words ('Edit Allergy'); `Edit {type}` when not given. */
  label?: string;
  /**
   * The server version the form opened on, when the screen showed it earlier than the replica's
   * current one: the server tests it, so another user's change in between is a conflict.
   */
  baseVersionId?: string;
}

/**
 * The change that turns the version a form opened (`before`) into what it gave back (`after`): a
 * JSON Patch of every element but id and meta; undefined when nothing else changed. An edit never
 * commutes: a resource another user changed meanwhile becomes a conflict for the user to resolve.
 */
export function editChange(
  before: Resource,
  after: Resource,
  options: EditOptions = {}
): LocalChange | undefined {
  const operations = compare(editable(before), editable(after));
  if (operations.length === 0) return undefined;
  return {
    resourceType: before.resourceType,
    id: before.id,
    kind: 'patch',
    operations,
    commutes: false,
    replaces: true,
    label: options.label ?? `Edit ${before.resourceType}`,
    ...(options.baseVersionId ? { baseVersionId: options.baseVersionId } : {}),
  };
}

/**
 * A new resource, without the id and meta a form may carry: the engine gives it a device id and its
 * client identifier, so a retried create is found on the server, not made twice.
 */
export function createChange(resource: Resource, label = `Create ${resource.resourceType}`): LocalChange {
  const { id: _id, meta: _meta, ...body } = resource;
  return {
    resourceType: resource.resourceType,
    kind: 'create',
    resource: body as Resource,
    commutes: false,
    label,
  };
}

/** A delete, tested against `baseVersionId` (the replica's server version when not given). */
export function deleteChange(resource: Resource, baseVersionId?: string): LocalChange {
  return {
    resourceType: resource.resourceType,
    id: resource.id,
    kind: 'delete',
    commutes: false,
    label: `Delete ${resource.resourceType}`,
    ...(baseVersionId ? { baseVersionId } : {}),
  };
}
