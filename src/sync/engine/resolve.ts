import type { Resource } from '@medplum/fhirtypes';
import { resourceKey, type ConflictRecord, type OutboxEntry, type ReplicaTransaction } from '@/db/types';
import {
  droppedByChoice,
  droppedByDismiss,
  mineOnTheirs,
  planKeepMine,
  planKeepTheirs,
  type Choice,
  type ChoicePlan,
} from './choice-plan';
import { writeRecord } from './record';
import { isNewer } from './context';
import { withClientIdentifier } from './client-identifier';
import { applyStrict, ChangeRejectedError } from './view';

/**
 * "Apply mine again": the entry is re-written onto their version and sent again; the later entries
 * of the resource follow it, re-based on their version with mine on top. A resource the server
 * deleted is created again from the local copy (a new resource with a new id).
 */
export async function keepMine(
  tx: ReplicaTransaction,
  seq: number,
  newId: () => string,
  now: string
): Promise<string[]> {
  const { conflict, entry } = await conflictOf(tx, seq);
  await tx.removeConflict(seq);
  const theirs = conflict.theirs;
  if (!theirs) return recreate(tx, entry, conflict.mine, newId, now);

  const operations = mineOnTheirs(entry, theirs);
  if (entry.kind === 'patch') applyStrict(theirs, operations, entry.label);
  await tx.putOutbox({
    ...entry,
    operations,
    baseVersionId: theirs.meta?.versionId,
    state: 'pending',
    error: undefined,
    attempts: 0,
    notBefore: 0,
    revision: entry.revision + 1,
  });
  await applyPlan(tx, planKeepMine(conflict, await tx.outboxOf(entry.key), operations));
  const record = await tx.getResource(entry.key);
  await writeRecord(tx, entry.resourceType, entry.resourceId, record?.server ?? theirs);
  return [entry.key];
}

/**
 * "Keep theirs": my entry goes; the later entries of the resource that commute with their change
 * stay, re-based on it, and those touching what they changed go too. The local copy becomes theirs
 * with the kept entries on top.
 */
export async function keepTheirs(tx: ReplicaTransaction, seq: number): Promise<string[]> {
  const { conflict, entry } = await conflictOf(tx, seq);
  const plan = planKeepTheirs(conflict, await tx.outboxOf(entry.key));
  await tx.removeOutbox(seq);
  await tx.removeConflict(seq);
  await applyPlan(tx, plan);
  const record = await tx.getResource(entry.key);
  await writeRecord(tx, entry.resourceType, entry.resourceId, conflict.theirs ?? record?.server);
  if (!conflict.theirs) await tx.removeResource(entry.key);
  return [entry.key];
}

/** The labels of the changes a conflict choice would drop besides the change in conflict; nothing is written. */
export async function previewChoice(tx: ReplicaTransaction, seq: number, choice: Choice): Promise<string[]> {
  const { conflict, entry } = await conflictOf(tx, seq);
  return droppedByChoice(conflict, entry, await tx.outboxOf(entry.key), choice);
}

/** The labels of the changes dismissing a failed change would drop besides it; nothing is written. */
export async function previewDismissal(tx: ReplicaTransaction, seq: number): Promise<string[]> {
  const entry = await tx.getOutbox(seq);
  if (!entry) return [];
  return droppedByDismiss(entry, await tx.outboxOf(entry.key));
}

async function conflictOf(
  tx: ReplicaTransaction,
  seq: number
): Promise<{ conflict: ConflictRecord; entry: OutboxEntry }> {
  const conflict = (await tx.listConflicts()).find((c) => c.seq === seq);
  const entry = await tx.getOutbox(seq);
  if (!conflict || !entry) throw new ChangeRejectedError(`No conflict ${seq}`);
  // A pull since the conflict was recorded may have brought a newer version of theirs: the choice
  // is made on the newest the replica holds.
  const held = (await tx.getResource(conflict.key))?.server;
  if (conflict.theirs && held && isNewer(held, conflict.theirs)) {
    return { conflict: { ...conflict, theirs: held }, entry };
  }
  return { conflict, entry };
}

/** Stores the kept entries of a plan and removes the others, with any conflict they had. */
async function applyPlan(tx: ReplicaTransaction, plan: ChoicePlan): Promise<void> {
  for (const entry of plan.kept) await tx.putOutbox(entry);
  for (const entry of [...plan.dropped, ...plan.settled]) {
    await tx.removeOutbox(entry.seq ?? 0);
    await tx.removeConflict(entry.seq ?? 0);
  }
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

/** Mine was deleted on the server: queue a create of the local copy under a new client identifier. */
async function recreate(
  tx: ReplicaTransaction,
  entry: OutboxEntry,
  mine: Resource,
  newId: () => string,
  now: string
): Promise<string[]> {
  // The local copy holds mine and every later change of the resource: the create carries them all.
  const local = (await tx.getResource(entry.key))?.resource ?? mine;
  await dropFrom(tx, entry);
  await tx.removeResource(entry.key);
  const clientId = newId();
  const { meta: _meta, id: _id, ...body } = structuredClone(local);
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
