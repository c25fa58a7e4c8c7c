import { myTasks, roleQueue, stateQueue, taskQueues } from '@/fhir/task-queues';
import { queryString } from '@/ui';

/** One link of the side menu's Tasks group. */
export interface MenuQueue {
  label: string;
  /** '/Task' */
  pathname: string;
  /** The query, in order, as the URL shows it. */
  search: [string, string][];
}

export interface UserRole {
  /** The role's first coding code: the performer type of its queue. */
  code: string;
  /** 'Doctor' */
  display: string;
}

/** 'My Tasks': tasks I own, not completed. */
export function myTasksQueue(profile: string): MenuQueue {
  return { label: 'My Tasks', pathname: '/Task', search: [...myTasks(profile)] };
}

/** '{role} Tasks': unowned, not completed, performer type is the role's code. */
export function roleTasksQueue(role: UserRole): MenuQueue {
  return { label: `${role.display} Tasks`, pathname: '/Task', search: [...roleQueue(role.code)] };
}

/** '{state} Tasks': unowned, not completed, for a patient living in the state. */
export function stateTasksQueue(state: string): MenuQueue {
  return { label: `${state} Tasks`, pathname: '/Task', search: [...stateQueue(state)] };
}

export const ALL_TASKS_QUEUE: MenuQueue = { label: 'All Tasks', pathname: '/Task', search: [] };

/** The Tasks group of the side menu, in its order: the user's queues, each as a link. */
export function taskMenuQueues(
  profile: string | undefined,
  roles: UserRole[],
  states: string[]
): MenuQueue[] {
  const queues = taskQueues({
    owner: profile,
    roles,
    states: states.map((code) => ({ code, display: code })),
  });
  return queues.map((queue) => {
    switch (queue.kind) {
      case 'mine':
        return myTasksQueue(queue.owner);
      case 'role':
        return roleTasksQueue(queue.role);
      case 'state':
        return stateTasksQueue(queue.state.code);
      case 'all':
        return ALL_TASKS_QUEUE;
    }
  });
}

/** URL query text that keeps '/', ':' and ',' readable: owner=Practitioner/1&status:not=completed. */
export { queryString };

export function queueHref(queue: MenuQueue): string {
  const query = queryString(queue.search);
  return query ? `${queue.pathname}?${query}` : queue.pathname;
}

/** Parameters the list changes itself (tabs, sort, paging): a different value does not rule a link out. */
const SOFT_PARAMETERS = ['_sort', 'status', 'status:not', '_offset', '_count', '_fields'];

/**
 * The link that best matches the location: same path, none of its filters different (the status
 * tab and sort may differ), then the most of its parameters present with the same value and the
 * fewest others (so bare /Task is All Tasks). Undefined when no link's path matches.
 */
export function bestMatchingLink<T extends { pathname: string; search: [string, string][] }>(
  links: readonly T[],
  pathname: string,
  params: URLSearchParams
): T | undefined {
  let best: T | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const link of links) {
    if (link.pathname !== pathname) continue;
    const mismatch = link.search.some(
      ([name, value]) => !SOFT_PARAMETERS.includes(name) && params.get(name) !== value
    );
    if (mismatch) continue;
    const shared = link.search.filter(([name, value]) => params.get(name) === value).length;
    const extra = [...params.keys()].filter(
      (name) => !SOFT_PARAMETERS.includes(name) && !link.search.some(([n]) => n === name)
    ).length;
    const score = shared * 100 - extra;
    if (score > bestScore) {
      best = link;
      bestScore = score;
    }
  }
  return best;
}
