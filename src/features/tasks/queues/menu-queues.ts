import { myTasks, roleQueue, stateQueue, taskQueues } from '@/fhir/task-queues';
import { linkHref, type MenuLink } from '@/ui';

/** One link of the side menu's Tasks group. */
export type MenuQueue = MenuLink;

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

export function queueHref(queue: MenuQueue): string {
  return linkHref(queue);
}
