import type { Practitioner, PractitionerRole, Resource } from '@medplum/fhirtypes';

/**
 * The task queues of a user, in one place. A user works her own tasks, one queue per practitioner
 * role she holds, one per state she is licensed in, and All Tasks. Each queue is a FHIR search, so
 * the side menu links to it, the sync engine pulls it and the local query engine answers it alike.
 */

/** Highest priority first, then the earliest due date. */
export const TASK_QUEUE_SORT = '-priority-order,due-date';

/** The list tabs: Active (status not completed) and Completed. */
export type TaskTab = 'active' | 'completed';

/** A role or licence state as the menu names it. */
export interface QueueCoding {
  code: string;
  /** The name people read ('Doctor', 'New York'); the code when the data has none. */
  display: string;
}

export type TaskQueue =
  | { kind: 'mine'; owner: string }
  | { kind: 'role'; role: QueueCoding }
  | { kind: 'state'; state: QueueCoding }
  | { kind: 'all' };

/** What a user's queues are made of: her profile reference, roles and licence states. */
export interface QueueScope {
  /** 'Practitioner/123'; without it there is no My Tasks. */
  owner?: string;
  roles: readonly QueueCoding[];
  states: readonly QueueCoding[];
}

/** The user's queues in menu order: My Tasks, each role, each state, All Tasks. */
export function taskQueues(scope: QueueScope): TaskQueue[] {
  return [
    ...(scope.owner ? [{ kind: 'mine' as const, owner: scope.owner }] : []),
    ...scope.roles.map((role) => ({ kind: 'role' as const, role })),
    ...scope.states.map((state) => ({ kind: 'state' as const, state })),
    { kind: 'all' },
  ];
}

const NOT_COMPLETED: [string, string] = ['status:not', 'completed'];
const UNOWNED: [string, string] = ['owner:missing', 'true'];

/**
 * Which tasks a queue holds, as search filters: open tasks owned by me; unowned open tasks of a
 * role's performer type; unowned open tasks of patients living in a state; All Tasks has none.
 */
export function queueFilters(queue: TaskQueue): [string, string][] {
  switch (queue.kind) {
    case 'mine':
      return [['owner', queue.owner], NOT_COMPLETED];
    case 'role':
      return [UNOWNED, NOT_COMPLETED, ['performer', queue.role.code]];
    case 'state':
      return [UNOWNED, NOT_COMPLETED, ['patient.address-state', queue.state.code]];
    case 'all':
      return [];
  }
}

function sorted(filters: [string, string][]): URLSearchParams {
  return new URLSearchParams([...filters, ['_sort', TASK_QUEUE_SORT]]);
}

/** 'My Tasks': owned by the signed-in practitioner (e.g. 'Practitioner/123'), not completed. */
export function myTasks(owner: string): URLSearchParams {
  return sorted(queueFilters({ kind: 'mine', owner }));
}

/** A role queue: unowned, not completed, performer type is the role's code. */
export function roleQueue(code: string): URLSearchParams {
  return sorted(queueFilters({ kind: 'role', role: { code, display: code } }));
}

/** A state queue: unowned, not completed, for a patient whose address state is the state code. */
export function stateQueue(state: string): URLSearchParams {
  return sorted(queueFilters({ kind: 'state', state: { code: state, display: state } }));
}

/** 'All Tasks' on one tab. */
export function allTasks(tab: TaskTab): URLSearchParams {
  return sorted([tab === 'active' ? NOT_COMPLETED : ['status', 'completed']]);
}

/** A copy of a queue search asking for one page. */
export function withPage(params: URLSearchParams, page: { count: number; offset?: number }): URLSearchParams {
  const paged = new URLSearchParams(params);
  paged.set('_count', String(page.count));
  paged.set('_offset', String(page.offset ?? 0));
  return paged;
}

/** The url of the licence-state extension inside Practitioner.qualification extensions. */
const WHERE_VALID = 'whereValid';

/** The states a practitioner is licensed in: her qualifications' whereValid codings, first of each code. */
export function licensedStates(profile: Resource | undefined): QueueCoding[] {
  if (profile?.resourceType !== 'Practitioner') return [];
  const codings = ((profile as Practitioner).qualification ?? []).flatMap((qualification) =>
    (qualification.extension ?? []).flatMap((extension) =>
      (extension.extension ?? [])
        .filter((inner) => inner.url === WHERE_VALID)
        .flatMap((inner) => inner.valueCodeableConcept?.coding ?? [])
    )
  );
  return distinct(codings);
}

/** The role queues of a practitioner: the first coding of each of her PractitionerRoles' first code. */
export function roleCodings(roles: readonly Resource[], practitioner?: string): QueueCoding[] {
  const codings = roles
    .filter((role): role is PractitionerRole => role.resourceType === 'PractitionerRole')
    .filter((role) => practitioner === undefined || role.practitioner?.reference === practitioner)
    .flatMap((role) => role.code?.[0]?.coding?.slice(0, 1) ?? []);
  return distinct(codings);
}

function distinct(codings: readonly { code?: string; display?: string }[]): QueueCoding[] {
  const seen = new Map<string, QueueCoding>();
  for (const { code, display } of codings) {
    if (code && !seen.has(code)) seen.set(code, { code, display: display ?? code });
  }
  return [...seen.values()];
}
