import type { Resource } from '@medplum/fhirtypes';
import { resourceKey, type OutboxEntry, type ReplicaStore } from '@/db/types';
import { buildRecord } from './record';
import { withClientIdentifier } from './client-identifier';
import type { AppliedChange, LocalChange } from './types';
import { applyStrict, ChangeRejectedError } from './view';
import { withConfirmedReferences } from './local-references';
import { supersede } from './supersede';
import { pastOwnVersions } from './own-versions';

export interface LocalChangeDeps {
  replica: ReplicaStore;
  now: () => number;
  newId: () => string;
}

/**
 * Applies a user's change to the local copy and appends it to the outbox, in one replica
 * transaction: when the promise resolves the change is durable; when it rejects nothing was stored.
 */
export async function applyLocalChange(deps: LocalChangeDeps, given: LocalChange): Promise<AppliedChange> {
  const label = given.label || 'Change';
  if (!given.resourceType) throw new ChangeRejectedError(`${label}: missing resourceType`);
  if (given.kind === 'create') return create(deps, given, label);
  if (!given.id) throw new ChangeRejectedError(`${label}: missing id`);
  return deps.replica.transaction(async (tx) => {
    const change = await withConfirmedReferences(tx, given);
    const { resourceType, id = '' } = change;
    const key = resourceKey(resourceType, id);
    const record = await tx.getResource(key);
    if (!record || record.deleted)
      throw new ChangeRejectedError(`${label}: ${key} is not in the local replica`);
    let operations = change.operations ?? [];
    const held = record.server?.meta?.versionId;
    // A form opened on an older version saw this device's changes made since, pending then: the
    // versions they made are not another user's change, so the test moves past them.
    let baseVersionId =
      change.baseVersionId && change.baseVersionId !== held
        ? await pastOwnVersions(tx, key, change.baseVersionId)
        : (change.baseVersionId ?? held);
    if (change.kind === 'patch') {
      if (operations.length === 0) throw new ChangeRejectedError(`${label}: the change is empty`);
      const wanted = applyStrict(record.resource, operations, label);
      operations = structuredClone(operations);
      // A whole-resource edit takes the place of the queued and refused edits it follows.
      const folded = change.replaces ? await supersede(tx, record, wanted) : undefined;
      if (folded) ({ operations, baseVersionId } = folded);
    } else {
      operations = [];
    }
    const entry: OutboxEntry = {
      key,
      resourceType,
      resourceId: id,
      kind: change.kind,
      operations,
      // The server version the user saw (or the superseded edits were made on); a resource created
      // here and not yet confirmed has none yet (the engine fills it in when the create is confirmed).
      baseVersionId,
      commutes: change.kind === 'patch' && change.commutes,
      label,
      ...freshEntry(deps),
    };
    const seq = entry.operations.length > 0 || entry.kind !== 'patch' ? await tx.addOutbox(entry) : 0;
    const rebuilt = buildRecord(resourceType, id, record.server, await tx.outboxOf(key));
    if (rebuilt) await tx.putResource(rebuilt);
    return { seq, key, id };
  });
}

async function create(deps: LocalChangeDeps, change: LocalChange, label: string): Promise<AppliedChange> {
  const given = change.resource;
  if (!given || typeof given !== 'object') throw new ChangeRejectedError(`${label}: missing resource`);
  if (given.resourceType !== change.resourceType) {
    throw new ChangeRejectedError(
      `${label}: the resource is a ${given.resourceType}, not a ${change.resourceType}`
    );
  }
  const clientId = deps.newId();
  const id = change.id ?? clientId;
  const key = resourceKey(change.resourceType, id);
  return deps.replica.transaction(async (tx) => {
    const { meta: _meta, ...body } = structuredClone(
      (await withConfirmedReferences(tx, change)).resource ?? given
    );
    const resource = { ...withClientIdentifier(body as Resource, clientId), id } as Resource;
    if (await tx.getResource(key)) throw new ChangeRejectedError(`${label}: ${key} already exists`);
    const entry: OutboxEntry = {
      key,
      resourceType: change.resourceType,
      resourceId: id,
      kind: 'create',
      operations: [],
      resource,
      commutes: false,
      label,
      ...freshEntry(deps),
    };
    const seq = await tx.addOutbox(entry);
    const record = buildRecord(change.resourceType, id, undefined, [entry]);
    if (record) await tx.putResource(record);
    return { seq, key, id };
  });
}

/** The bookkeeping of an entry just queued: pending, never tried, sendable at once. */
function freshEntry(
  deps: LocalChangeDeps
): Pick<OutboxEntry, 'createdAt' | 'attempts' | 'notBefore' | 'state' | 'revision'> {
  return {
    createdAt: new Date(deps.now()).toISOString(),
    attempts: 0,
    notBefore: 0,
    state: 'pending',
    revision: 0,
  };
}
