import {
  MAIN_PROJECT_ID,
  MAIN_PROJECT_NAME,
  RIVERSIDE_PROJECT_ID,
  RIVERSIDE_PROJECT_NAME,
} from './constants';
import { withClinicalRecords } from './clinical';
import { withComments } from './comments';
import { buildMainProject } from './main-project';
import { withQuestionnaires } from './questionnaires';
import { buildRiversideProject } from './riverside';
import type { SeedData } from './types';
import { buildUsers } from './users';

export * from './constants';
export {
  BUSINESS_STATUS_DISPLAYS,
  BUSINESS_STATUSES,
  ROLE_CODES,
  ROLE_DISPLAYS,
  roleCoding,
  SEED_STATES,
  STATE_NAMES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TYPE_DISPLAYS,
  TASK_TYPES,
} from './codes';
export type { BusinessStatus, RoleKey, SeedState, TaskType } from './codes';
export { buildLargeTaskSeed, type LargeSeedOptions } from './large';
export { MAIN_TASKS_PER_TYPE } from './main-project';
export { RIVERSIDE_ID_PREFIX } from './riverside';
export type { SeedData, SeedMembership, SeedProject, SeedUser } from './types';

export interface SeedOptions {
  /** Timestamps are laid out around this instant; the default is the time of the call. */
  now?: Date;
}

/**
 * The fake server's initial data: two projects, the demo users and every resource. The same `now`
 * always gives the same data; ids never depend on it.
 */
export function buildSeed(options: SeedOptions = {}): SeedData {
  const now = options.now ?? new Date();
  return {
    projects: [
      { id: MAIN_PROJECT_ID, name: MAIN_PROJECT_NAME, features: ['bots'] },
      // A project without bots, as a real server's project is until an administrator enables them.
      { id: RIVERSIDE_PROJECT_ID, name: RIVERSIDE_PROJECT_NAME, features: [] },
    ],
    users: buildUsers(),
    resources: [
      ...withQuestionnaires(withComments(withClinicalRecords(buildMainProject(now), now), now), now).map(
        (resource) => ({
          projectId: MAIN_PROJECT_ID,
          resource,
        })
      ),
      ...buildRiversideProject(now).map((resource) => ({ projectId: RIVERSIDE_PROJECT_ID, resource })),
    ],
  };
}
