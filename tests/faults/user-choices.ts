import type { Task } from '@medplum/fhirtypes';
import { expect } from 'vitest';
import type { ConflictRecord, OutboxEntry } from '@/db/types';
import { rebaseOperations } from '@/sync/engine/rebase';
import type { LocalChange } from '@/sync/engine/types';
import type { Device } from '@/sync/engine/testing/harness';

/** What the fault suite tracks of one clinician's choices. */
export interface Chooser {
  name: string;
  device: Device;
  /** Texts of notes the clinician discarded, each after a confirmation that listed it. */
  discarded: Set<string>;
  /** Client ids of tasks this device created (a task created again by 'Apply mine again' included). */
  creates: string[];
  /** Client ids of tasks created again from mine after the server deleted them: copies made on purpose. */
  recreated: string[];
}

const NOTE = /"text":"(note [^"]+)"/g;

/** The note texts an entry adds. */
export function notesIn(entry: OutboxEntry): string[] {
  return [...JSON.stringify(entry.operations).matchAll(NOTE)].map((match) => match[1] ?? '');
}

/** How many of each choice the clinicians made, for the suite's summary line. */
export const choiceCounts = { mine: 0, theirs: 0, dismiss: 0, discardedListed: 0 };

/** A status code outside the required binding: the server refuses it with a 400. */
const INVALID_STATUS = 'almost-done' as Task['status'];

/**
 * A form's save of the task as the user wants it: a whole-resource edit. A third of the edits give
 * the status a code the server refuses (400); a task whose edit was refused gets the fix, a valid
 * status, which supersedes the refused edit.
 */
export function formEdit(task: Task, refuse: boolean, tag: string): LocalChange {
  const operations: LocalChange['operations'] = [
    { op: task.description === undefined ? 'add' : 'replace', path: '/description', value: `form ${tag}` },
  ];
  if (task.status === INVALID_STATUS)
    operations.push({ op: 'replace', path: '/status', value: 'in-progress' });
  else if (refuse) operations.push({ op: 'replace', path: '/status', value: INVALID_STATUS });
  return {
    resourceType: 'Task',
    id: task.id,
    kind: 'patch',
    operations,
    commutes: false,
    replaces: true,
    label: 'Edit Task',
  };
}

/** An entry removed by a choice though nothing of it was lost: the server's version already held it. */
function settled(entry: OutboxEntry, conflict: ConflictRecord | undefined): boolean {
  const theirs = conflict?.theirs;
  return (
    !!theirs &&
    entry.kind === 'patch' &&
    rebaseOperations(entry.operations, conflict.base, theirs).length === 0
  );
}

/**
 * The clinician resolves one conflict (apply mine again or keep theirs, at random) or dismisses one
 * refused change, as the conflicts panel does: the preview first, then the choice. Every change the
 * choice removed besides the one chosen about must have been listed by the preview.
 */
export async function chooseOne(clinician: Chooser, random: () => number, ids: Set<string>): Promise<void> {
  const { engine, replica } = clinician.device;
  const [conflicts, before] = await replica.transaction(
    async (tx) => [await tx.listConflicts(), await tx.listOutbox()] as const
  );
  const failed = before.filter((entry) => entry.state === 'failed');
  let chosen: OutboxEntry | undefined;
  let conflict: ConflictRecord | undefined;
  let dropped: string[];
  let choice: 'mine' | 'theirs' | 'dismiss';
  if (conflicts.length > 0 && (failed.length === 0 || random() < 0.7)) {
    conflict = conflicts[Math.floor(random() * conflicts.length)];
    if (!conflict) return;
    chosen = before.find((entry) => entry.seq === conflict?.seq);
    choice = random() < 0.5 ? 'mine' : 'theirs';
    dropped = (await engine.previewConflictChoice(conflict.seq, choice)).dropped;
    try {
      await engine.resolveConflict(conflict.seq, choice);
    } catch (error) {
      // Mine no longer applies to theirs: refused whole, nothing changed (the conflict stays).
      if (error instanceof Error && error.name === 'ChangeRejectedError') return;
      throw error;
    }
  } else if (failed.length > 0) {
    chosen = failed[Math.floor(random() * failed.length)];
    if (!chosen) return;
    choice = 'dismiss';
    dropped = (await engine.previewDismiss(chosen.seq ?? 0)).dropped;
    await engine.dismissFailure(chosen.seq ?? 0);
  } else {
    return;
  }
  const after = await replica.transaction((tx) => tx.listOutbox());
  const kept = new Set(after.map((entry) => entry.seq));
  // A task the server deleted, created again from mine, carries the later changes: followed like any create.
  const recreated = after.filter(
    (entry) => entry.kind === 'create' && !before.some((b) => b.key === entry.key)
  );
  for (const entry of recreated) {
    clinician.creates.push(entry.resourceId);
    clinician.recreated.push(entry.resourceId);
    ids.add(entry.resourceId);
  }
  const removed = before.filter(
    (entry) =>
      entry.seq !== chosen?.seq &&
      !kept.has(entry.seq) &&
      !settled(entry, conflict) &&
      !(recreated.length > 0 && entry.key === chosen?.key)
  );
  choiceCounts[choice]++;
  choiceCounts.discardedListed += removed.length;
  expect(
    removed.map((entry) => entry.label).sort(),
    `${clinician.name}: ${choice} of ${chosen?.label ?? ''} discarded what its confirmation did not list`
  ).toEqual([...dropped].sort());
  const discarded = choice === 'mine' || !chosen ? removed : [...removed, chosen];
  for (const entry of discarded) for (const text of notesIn(entry)) clinician.discarded.add(text);
}
