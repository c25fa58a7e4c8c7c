import type { Annotation, CodeableConcept, Coding, Practitioner, Reference, Task } from '@medplum/fhirtypes';
import type { Operation } from 'fast-json-patch';

/**
 * The JSON Patch of each task action, without the version test the sync engine puts
 * first. 'add' where the task has no value yet, 'replace' where it has one.
 */

const addOrReplace = (present: boolean): 'add' | 'replace' => (present ? 'replace' : 'add');

/** The notes so far plus a new one by `author` at `time`. */
export function addNotePatch(
  task: Task,
  text: string,
  author: Reference<Practitioner>,
  time: string
): Operation[] {
  const note: Annotation = { text, authorReference: author, time };
  return [{ op: addOrReplace(!!task.note), path: '/note', value: [...(task.note ?? []), note] }];
}

/** The due date: restriction.period.end, keeping the rest of the restriction. */
export function dueDatePatch(task: Task, end: string): Operation[] {
  const restriction = task.restriction ?? {};
  const value = { ...restriction, period: { ...(restriction.period ?? {}), end } };
  return [{ op: addOrReplace(!!task.restriction), path: '/restriction', value }];
}

/** The business status as one coding. */
export function businessStatusPatch(task: Task, coding: Coding): Operation[] {
  const value: CodeableConcept = { coding: [coding], ...(coding.display ? { text: coding.display } : {}) };
  return [{ op: addOrReplace(!!task.businessStatus), path: '/businessStatus', value }];
}

/** A new owner, which must be a Practitioner. */
export function ownerPatch(task: Task, owner: Reference): Operation[] {
  if (!owner.reference?.startsWith('Practitioner/')) {
    throw new Error('The owner must be a Practitioner');
  }
  return [{ op: addOrReplace(!!task.owner), path: '/owner', value: owner }];
}

/** Claim: the current user becomes the owner of an unowned task. */
export function claimPatch(task: Task, me: Reference<Practitioner>): Operation[] {
  if (task.owner) throw new Error('The task already has an owner');
  return [{ op: 'add', path: '/owner', value: me }];
}

/** A role assignment: the role's coding appended to performerType (a role already there is not repeated). */
export function performerTypePatch(task: Task, role: Coding): Operation[] {
  const existing = task.performerType ?? [];
  const already = existing.some((concept) =>
    (concept.coding ?? []).some(
      (c) => c.code === role.code && (!c.system || !role.system || c.system === role.system)
    )
  );
  if (already) throw new Error(`The task is already assigned to ${role.display ?? role.code}`);
  const concept: CodeableConcept = { coding: [role], ...(role.display ? { text: role.display } : {}) };
  return [{ op: addOrReplace(!!task.performerType), path: '/performerType', value: [...existing, concept] }];
}

/** A new status. */
export function statusPatch(status: Task['status']): Operation[] {
  return [{ op: 'replace', path: '/status', value: status }];
}
