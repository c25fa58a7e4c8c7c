import type { Resource } from '@medplum/fhirtypes';
import { resourceKey, type OutboxEntry, type ReplicaTransaction } from '@/db/types';
import { rebaseOperations } from './rebase';
import { writeRecord } from './record';
import { withClientIdentifier } from './client-identifier';
import { applyStrict, ChangeRejectedError } from './view';

/**
 * "Apply mine again": the entry is re-written onto their version and sent again. A resource the
 * server deleted is created again from mine (a new resource with a new id).
 */
export async function keepMine(
  tx: ReplicaTransaction,
  seq: number,
  newId: () => string,
  now: string
): Promise<string[]> {
  const conflict = (await tx.listConflicts()).find((c) => c.seq === seq);
  const entry = await tx.getOutbox(seq);
  if (!conflict || !entry) throw new ChangeRejectedError(`No conflict ${seq}`);
  await tx.removeConflict(seq);
  const theirs = conflict.theirs;
  if (!theirs) return recreate(tx, entry, conflict.mine, newId, now);

  const baseVersionId = theirs.meta?.versionId;
  let operations = entry.operations;
  if (entry.kind === 'patch') {
    operations = rebaseOperations(entry.operations, undefined, theirs);
    applyStrict(theirs, operations, entry.label);
  }
  await tx.putOutbox({
    ...entry,
    operations,
    baseVersionId,
    state: 'pending',
    error: undefined,
    attempts: 0,
    notBefore: 0,
    revision: entry.revision + 1,
  });
  // Later changes of the resource were made on the same version as this one: they follow it.
  for (const later of await tx.outboxOf(entry.key)) {
    if ((later.seq ?? 0) <= seq || later.baseVersionId !== entry.baseVersionId) continue;
    await tx.putOutbox({ ...later, baseVersionId, revision: later.revision + 1 });
  }
  const record = await tx.getResource(entry.key);
  await writeRecord(tx, entry.resourceType, entry.resourceId, record?.server ?? theirs);
  return [entry.key];
}

/** "Keep theirs": drop my entry and the later entries of the resource; the local copy becomes theirs. */
export async function keepTheirs(tx: ReplicaTransaction, seq: number): Promise<string[]> {
  const conflict = (await tx.listConflicts()).find((c) => c.seq === seq);
  const entry = await tx.getOutbox(seq);
  if (!conflict || !entry) throw new ChangeRejectedError(`No conflict ${seq}`);
  await dropFrom(tx, entry);
  const record = await tx.getResource(entry.key);
  await writeRecord(tx, entry.resourceType, entry.resourceId, conflict.theirs ?? record?.server);
  if (!conflict.theirs) await tx.removeResource(entry.key);
  return [entry.key];
}

/** Forgets a failed change (and, for a failed create, the changes made to what it created). */
export async function dismiss(tx: ReplicaTransaction, seq: number): Promise<string[]> {
  const entry = await tx.getOutbox(seq);
  if (!entry) return [];
  if (entry.state !== 'failed') throw new ChangeRejectedError(`Change ${seq} has not failed`);
  if (entry.kind === 'create') await dropFrom(tx, entry);
  else await tx.removeOutbox(seq);
  const record = await tx.getResource(entry.key);
  await writeRecord(tx, entry.resourceType, entry.resourceId, record?.server);
  return [entry.key];
}

/** Sends a failed change again. */
export async function retry(tx: ReplicaTransaction, seq: number): Promise<string[]> {
  const entry = await tx.getOutbox(seq);
  if (!entry) return [];
  if (entry.state !== 'failed') throw new ChangeRejectedError(`Change ${seq} has not failed`);
  await tx.putOutbox({
    ...entry,
    state: 'pending',
    error: undefined,
    outcome: undefined,
    attempts: 0,
    notBefore: 0,
    revision: entry.revision + 1,
  });
  return [entry.key];
}

/** Removes an entry and every later entry of its resource, with their conflicts. */
async function dropFrom(tx: ReplicaTransaction, entry: OutboxEntry): Promise<void> {
  const seq = entry.seq ?? 0;
  for (const other of await tx.outboxOf(entry.key)) {
    if ((other.seq ?? 0) < seq) continue;
    await tx.removeOutbox(other.seq ?? 0);
    await tx.removeConflict(other.seq ?? 0);
  }
}

/** Mine was deleted on the server: queue a create of mine under a new client identifier. */
async function recreate(
  tx: ReplicaTransaction,
  entry: OutboxEntry,
  mine: Resource,
  newId: () => string,
  now: string
): Promise<string[]> {
  await dropFrom(tx, entry);
  await tx.removeResource(entry.key);
  const clientId = newId();
  const { meta: _meta, id: _id, ...body } = structuredClone(mine);
  const resource = { ...withClientIdentifier(body as Resource, clientId), id: clientId };
  const key = resourceKey(entry.resourceType, clientId);
  await tx.addOutbox({
    key,
    resourceType: entry.resourceType,
    resourceId: clientId,
    kind: 'create',
    operations: [],
    resource: resource as Resource,
    commutes: false,
    label: entry.label,
    createdAt: now,
    attempts: 0,
    notBefore: 0,
    state: 'pending',
    revision: 0,
  });
  await writeRecord(tx, entry.resourceType, clientId, undefined);
  return [entry.key, key];
}
