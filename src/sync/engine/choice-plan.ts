import type { Resource } from '@medplum/fhirtypes';
import type { Operation } from 'fast-json-patch';
import type { ConflictRecord, OutboxEntry } from '@/db/types';
import { APPEND_ONLY_LISTS, jsonEqual, rebaseOperations } from './rebase';
import { applyTolerant, valueAt } from './view';

/**
 * What a user's choice does to the entries queued after the one in question: the entries kept,
 * re-written onto the new server version; the entries dropped because they touch what the other
 * user changed (the user is told about these before choosing); the entries that became empty once
 * re-based (the server already holds what they did), removed without loss.
 */
export interface ChoicePlan {
  kept: OutboxEntry[];
  dropped: OutboxEntry[];
  settled: OutboxEntry[];
}

export type Choice = 'mine' | 'theirs';

const bySeq = (a: OutboxEntry, b: OutboxEntry): number => (a.seq ?? 0) - (b.seq ?? 0);

/** The entries of the resource after `seq`, oldest first. */
export function laterEntries(entries: readonly OutboxEntry[], seq: number): OutboxEntry[] {
  return entries.filter((other) => (other.seq ?? 0) > seq).sort(bySeq);
}

function isAppend(op: Operation): boolean {
  return (
    (op.op === 'add' || op.op === 'replace') &&
    APPEND_ONLY_LISTS.some((list) => op.path === list || op.path === `${list}/-`)
  );
}

/** The top-level element an operation changes: '/owner' for '/owner/reference'. */
function fieldOf(path: string): string {
  const [, first = ''] = path.split('/');
  return `/${first}`;
}

/**
 * True when a patch touches an element the other user changed between `base` (the version mine was
 * made on) and `theirs`. Appends to notes, outputs and performer types never do: they commute. With
 * no base known, every other operation counts as touching.
 */
export function touchesTheirChange(
  operations: readonly Operation[],
  base: Resource | undefined,
  theirs: Resource
): boolean {
  return operations.some((op) => {
    if (op.op === 'test' || isAppend(op)) return false;
    if (!base) return true;
    const fields = [op.path, 'from' in op ? op.from : undefined].filter((p): p is string => !!p);
    return fields.some((path) => !jsonEqual(valueAt(base, fieldOf(path)), valueAt(theirs, fieldOf(path))));
  });
}

/**
 * The later entries re-based one after another onto `start` (their version, with the chosen entry
 * on top when mine is applied again). An entry is kept when `keep` says so and something remains of
 * it once re-based.
 */
function rebaseLater(
  later: readonly OutboxEntry[],
  base: Resource | undefined,
  start: Resource,
  baseVersionId: string | undefined,
  keep: (entry: OutboxEntry) => boolean
): ChoicePlan {
  const plan: ChoicePlan = { kept: [], dropped: [], settled: [] };
  let document = start;
  for (const entry of later) {
    if (!keep(entry)) {
      plan.dropped.push(entry);
      continue;
    }
    if (entry.kind !== 'patch') {
      plan.kept.push({ ...entry, baseVersionId, revision: entry.revision + 1 });
      continue;
    }
    const operations = rebaseOperations(entry.operations, base, document);
    if (operations.length === 0) {
      plan.settled.push(entry);
      continue;
    }
    document = applyTolerant(document, operations);
    plan.kept.push({ ...entry, operations, baseVersionId, revision: entry.revision + 1 });
  }
  return plan;
}

/**
 * "Keep theirs": the entry in conflict goes; each later entry of the resource stays, re-based on
 * their version, when it commutes with their change (an append, or a patch of elements they did
 * not change) and is dropped when it touches what they changed. A delete, and everything when the
 * server deleted the resource, is dropped.
 */
export function planKeepTheirs(conflict: ConflictRecord, entries: readonly OutboxEntry[]): ChoicePlan {
  const later = laterEntries(entries, conflict.seq);
  const theirs = conflict.theirs;
  if (!theirs) return { kept: [], dropped: later, settled: [] };
  return rebaseLater(
    later,
    conflict.base,
    theirs,
    theirs.meta?.versionId,
    (entry) => entry.kind === 'patch' && !touchesTheirChange(entry.operations, conflict.base, theirs)
  );
}

/**
 * "Apply mine again": the entry in conflict is re-written onto their version and every later entry
 * of the resource follows it, re-based on their version with mine on top; nothing is dropped.
 */
export function planKeepMine(
  conflict: ConflictRecord,
  entries: readonly OutboxEntry[],
  mine: Operation[]
): ChoicePlan {
  const later = laterEntries(entries, conflict.seq);
  const theirs = conflict.theirs;
  if (!theirs) return { kept: later, dropped: [], settled: [] };
  return rebaseLater(later, conflict.base, applyTolerant(theirs, mine), theirs.meta?.versionId, () => true);
}

/** The operations of the entry in conflict re-written onto their version ("apply mine again"). */
export function mineOnTheirs(entry: OutboxEntry, theirs: Resource): Operation[] {
  return entry.kind === 'patch' ? rebaseOperations(entry.operations, undefined, theirs) : entry.operations;
}

/** The labels of the changes a choice would drop besides the one chosen about. */
export function droppedByChoice(
  conflict: ConflictRecord,
  entry: OutboxEntry,
  entries: readonly OutboxEntry[],
  choice: Choice
): string[] {
  if (choice === 'theirs') return planKeepTheirs(conflict, entries).dropped.map((e) => e.label);
  // Mine on a resource the server deleted is created again from the local copy, later changes and all.
  if (!conflict.theirs) return [];
  return planKeepMine(conflict, entries, mineOnTheirs(entry, conflict.theirs)).dropped.map((e) => e.label);
}

/** The labels of the changes dismissing a failed entry would drop besides it: a create takes what followed it. */
export function droppedByDismiss(entry: OutboxEntry, entries: readonly OutboxEntry[]): string[] {
  if (entry.kind !== 'create') return [];
  return laterEntries(entries, entry.seq ?? 0).map((e) => e.label);
}
