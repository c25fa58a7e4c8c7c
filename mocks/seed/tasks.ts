import type { Annotation, CodeableConcept, Resource, Task } from '@medplum/fhirtypes';
import {
  type BusinessStatus,
  businessStatusConcept,
  type RoleKey,
  roleConcept,
  type SeedTaskPriority,
  type SeedTaskStatus,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TYPES,
  type TaskType,
  taskTypeConcept,
} from './codes';
import type { SeedPatient } from './patients';
import { practitionerRef, type PractitionerSpec } from './practitioners';
import type { Random } from './random';
import { buildFocus, type FocusContext } from './task-focus';
import { NOTE_TEXTS } from './task-texts';
import { DAY_MINUTES, minutesFrom } from './time';

/** Who may own a task of a type, by relative weight; null stands for "unowned, waiting in a queue". */
export type OwnerWeights = readonly (readonly [PractitionerSpec | null, number])[];

export interface TaskBuildOptions extends FocusContext {
  /** Tasks of each type. The first 16 of a type cover every status × priority pair. */
  perType: number;
  patients: readonly SeedPatient[];
  owners: Record<TaskType, OwnerWeights>;
  noteAuthors: readonly PractitionerSpec[];
}

export interface SeedTasks {
  tasks: Task[];
  /** The focus resources made for the tasks. */
  resources: Resource[];
}

interface TaskPlan {
  type: TaskType;
  status: SeedTaskStatus;
  priority: SeedTaskPriority;
}

export const STATUS_WEIGHTS: readonly (readonly [SeedTaskStatus, number])[] = [
  ['ready', 35],
  ['in-progress', 25],
  ['on-hold', 10],
  ['completed', 30],
];

export const PRIORITY_WEIGHTS: readonly (readonly [SeedTaskPriority, number])[] = [
  ['routine', 45],
  ['urgent', 25],
  ['asap', 20],
  ['stat', 10],
];

/** Which role queue an unowned task of a type waits in; null means no performer type at all. */
export const QUEUE_WEIGHTS: Record<TaskType, readonly (readonly [RoleKey | null, number])[]> = {
  'respond-to-message': [
    ['careCoordinator', 45],
    ['registeredNurse', 35],
    ['doctor', 12],
    [null, 8],
  ],
  'review-diagnostic-report': [
    ['doctor', 85],
    ['nursePractitioner', 15],
  ],
  'schedule-appointment': [
    ['careCoordinator', 55],
    ['registeredNurse', 20],
    ['careTeamCoordinator', 20],
    [null, 5],
  ],
  'verify-drivers-license': [
    ['careCoordinator', 45],
    ['registeredNurse', 30],
    ['medicalBillingSpecialist', 20],
    [null, 5],
  ],
};

export const BUSINESS_STATUS_WEIGHTS: Record<TaskType, readonly (readonly [BusinessStatus, number])[]> = {
  'respond-to-message': [
    ['ready', 60],
    ['follow-up-needed', 30],
    ['doctor-review-needed', 10],
  ],
  'review-diagnostic-report': [
    ['doctor-review-needed', 50],
    ['doctor-sign-off-needed', 30],
    ['follow-up-needed', 20],
  ],
  'schedule-appointment': [
    ['ready', 70],
    ['follow-up-needed', 30],
  ],
  'verify-drivers-license': [
    ['ready', 70],
    ['follow-up-needed', 20],
    ['doctor-sign-off-needed', 10],
  ],
};

function planTasks(rng: Random, perType: number): TaskPlan[] {
  const plans: TaskPlan[] = [];
  for (const type of TASK_TYPES) {
    for (let i = 0; i < perType; i++) {
      const covering = i < TASK_STATUSES.length * TASK_PRIORITIES.length;
      plans.push({
        type,
        status: covering ? (TASK_STATUSES[i % 4] ?? 'ready') : rng.weighted(STATUS_WEIGHTS),
        priority: covering
          ? (TASK_PRIORITIES[Math.floor(i / 4) % 4] ?? 'routine')
          : rng.weighted(PRIORITY_WEIGHTS),
      });
    }
  }
  return rng.shuffle(plans);
}

function pickOwner(rng: Random, weights: OwnerWeights, status: SeedTaskStatus): PractitionerSpec | undefined {
  // Someone finished every completed task, so those are mostly owned.
  const adjusted =
    status === 'completed' ? weights.map(([spec, w]) => [spec, spec ? w : w / 4] as const) : weights;
  return rng.weighted(adjusted) ?? undefined;
}

function performerType(rng: Random, type: TaskType, owner: PractitionerSpec | undefined): CodeableConcept[] {
  const role = owner?.roles[0] ?? rng.weighted(QUEUE_WEIGHTS[type]);
  return role ? [roleConcept(role)] : [];
}

function buildNotes(
  rng: Random,
  options: TaskBuildOptions,
  type: TaskType,
  owner: PractitionerSpec | undefined,
  authoredMinutesAgo: number
): Annotation[] {
  if (!rng.chance(0.55)) {
    return [];
  }
  const count = rng.int(1, 3);
  const ages = Array.from({ length: count }, () => rng.int(1, Math.max(2, authoredMinutesAgo - 1)));
  ages.sort((a, b) => b - a);
  const texts = rng.shuffle(NOTE_TEXTS[type]);
  return ages.map((age, index) => {
    const author = owner && rng.chance(0.7) ? owner : rng.pick(options.noteAuthors);
    return {
      text: texts[index % texts.length] ?? '',
      authorReference: practitionerRef(author),
      time: minutesFrom(options.now, -age),
    };
  });
}

/** Tasks of every type, status and priority, each with the resource it works on. */
export function buildTasks(options: TaskBuildOptions): SeedTasks {
  const { rng, now } = options;
  const tasks: Task[] = [];
  const resources: Resource[] = [];
  planTasks(rng, options.perType).forEach((plan, index) => {
    const number = String(index + 1).padStart(3, '0');
    const patient = rng.pick(options.patients);
    const owner = pickOwner(rng, options.owners[plan.type], plan.status);
    const focus = buildFocus(options, { type: plan.type, status: plan.status, number, patient, owner });
    resources.push(...focus.resources);

    const authoredMinutesAgo = focus.authoredMinutesAgo;
    // Due between a week ago and a month ahead, but never before the task existed.
    const dueMinutes = Math.max(
      rng.int(-7 * DAY_MINUTES, 30 * DAY_MINUTES),
      -authoredMinutesAgo + DAY_MINUTES
    );
    const hasDueDate = rng.chance(0.9);
    const performer = performerType(rng, plan.type, owner);
    const notes = buildNotes(rng, options, plan.type, owner, authoredMinutesAgo);
    const lastNote = notes[notes.length - 1]?.time;

    const task: Task = {
      resourceType: 'Task',
      id: `${options.idPrefix}task-${number}`,
      status: plan.status,
      intent: 'order',
      priority: plan.priority,
      code: taskTypeConcept(plan.type),
      description: focus.description,
      focus: focus.focus,
      for: patient.ref,
      authoredOn: minutesFrom(now, -authoredMinutesAgo),
      ...(owner ? { owner: practitionerRef(owner) } : {}),
      ...(performer.length > 0 ? { performerType: performer } : {}),
      businessStatus: businessStatusConcept(rng.weighted(BUSINESS_STATUS_WEIGHTS[plan.type])),
      ...(hasDueDate
        ? { restriction: { period: { end: minutesFrom(now, Math.round(dueMinutes / 15) * 15) } } }
        : {}),
      ...(plan.status === 'completed'
        ? { executionPeriod: { end: lastNote ?? minutesFrom(now, -rng.int(1, authoredMinutesAgo)) } }
        : {}),
      ...(notes.length > 0 ? { note: notes } : {}),
    };
    tasks.push(task);
  });
  return { tasks, resources };
}
