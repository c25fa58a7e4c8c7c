import type { PractitionerRole, Resource, Task } from '@medplum/fhirtypes';
import {
  licensedStates,
  queueFilters,
  roleCodings,
  TASK_QUEUE_SORT,
  taskQueues,
  type TaskQueue,
} from '@/fhir/task-queues';
import type { SyncConfig } from '@/sync/engine/context';

/** The queues of the signed-in user: her role codes and the states she is licensed in. */
export interface UserScope {
  profile?: Resource;
  roles: PractitionerRole[];
  roleCodes: string[];
  states: string[];
}

/** What the user's queues are, from her profile and PractitionerRoles. */
export function userScope(profile: Resource | undefined, roles: PractitionerRole[]): UserScope {
  return {
    profile,
    roles,
    roleCodes: roleCodings(roles).map((role) => role.code),
    states: licensedStates(profile).map((state) => state.code),
  };
}

/** One Task search of the scope, with what it pulls in. */
export interface TaskQuery {
  name: string;
  params: Record<string, string | number | (string | number)[]>;
  max?: number;
}

const INCLUDES = { _include: ['Task:patient', 'Task:owner'] };
/**
 * The count of matches, which a server such as Medplum gives only when asked: with it a load asks
 * for the later pages side by side and knows whether All Tasks' cap holds every task.
 */
const COUNTED = { _total: 'accurate' };

/**
 * The task searches that fill the replica: each of the user's queues (her own tasks, each role
 * queue, each state queue) and, for All Tasks, the most recently updated tasks up to the cap.
 */
export function taskQueries(config: SyncConfig, scope: UserScope): TaskQuery[] {
  const queues = taskQueues({
    owner: config.profile.reference ?? '',
    roles: scope.roleCodes.map((code) => ({ code, display: code })),
    states: scope.states.map((code) => ({ code, display: code })),
  });
  return queues.map((queue): TaskQuery => {
    if (queue.kind === 'all') {
      return {
        name: 'all',
        params: {
          _sort: '-_lastUpdated',
          _count: Math.min(config.pageSize, config.allTasksCap),
          ...COUNTED,
          ...INCLUDES,
        },
        max: config.allTasksCap,
      };
    }
    return {
      name: queueName(queue),
      params: {
        ...Object.fromEntries(queueFilters(queue)),
        _count: config.pageSize,
        ...COUNTED,
        ...INCLUDES,
      },
    };
  });
}

/** Rows of a task list's first page. */
export const LIST_PAGE_ROWS = 20;

/**
 * The first page of each queue every user has, exactly as its list asks for it: My Tasks, and All
 * Tasks' Active tab (where a sign-in lands), highest priority first. They need no roles, so they
 * travel with the first request of a load, and the rows they bring are the ones the list shows first.
 */
export function openingScreens(config: SyncConfig): TaskQuery[] {
  return openingQueries(config.profile.reference ?? '');
}

/** The opening screens' searches of the user `profile` ('Practitioner/123'). */
export function openingQueries(profile: string): TaskQuery[] {
  const queues = taskQueues({ owner: profile, roles: [], states: [] });
  return queues.map((queue): TaskQuery => {
    const filters: Record<string, string> = {
      'status:not': 'completed',
      ...Object.fromEntries(queueFilters(queue)),
    };
    return {
      name: `${queue.kind} screen`,
      params: { ...filters, _sort: TASK_QUEUE_SORT, _count: LIST_PAGE_ROWS, ...INCLUDES },
      max: LIST_PAGE_ROWS,
    };
  });
}

function queueName(queue: Exclude<TaskQueue, { kind: 'all' }>): string {
  if (queue.kind === 'mine') return 'own';
  return queue.kind === 'role' ? `role ${queue.role.code}` : `state ${queue.state.code}`;
}

/** The references of a task that the replica also holds: patient, owner and focus. */
export function referencesOf(resource: Resource): string[] {
  if (resource.resourceType !== 'Task') return [];
  const task = resource as Task;
  return [task.for?.reference, task.owner?.reference, task.focus?.reference].filter(
    (reference): reference is string => !!reference && /^[A-Za-z]+\/[A-Za-z0-9\-.]{1,64}$/.test(reference)
  );
}
