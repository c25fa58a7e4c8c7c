import type { Resource } from '@medplum/fhirtypes';
import { MESSAGE_SCRIPTS } from './message-scripts';
import { buildThread, type ThreadState } from './messages';
import type { SeedOrganizations } from './organizations';
import type { SeedPatient } from './patients';
import { buildPractitioner, buildPractitionerRoles, type PractitionerSpec } from './practitioners';
import type { Random } from './random';
import type { SeedTasks } from './tasks';
import { buildValueSets } from './valuesets';

/** Practitioners and their roles, for one project's staff. */
export function buildStaffResources(staff: readonly PractitionerSpec[], orgs: SeedOrganizations): Resource[] {
  return staff.flatMap((spec) => [buildPractitioner(spec), ...buildPractitionerRoles(spec, orgs.clinic)]);
}

export function staffById(staff: readonly PractitionerSpec[], id: string): PractitionerSpec {
  const spec = staff.find((item) => item.id === id);
  if (!spec) {
    throw new Error(`No seed practitioner ${id}`);
  }
  return spec;
}

export function doctorsOf(staff: readonly PractitionerSpec[]): PractitionerSpec[] {
  return staff.filter((spec) => spec.roles.includes('doctor'));
}

export interface InboxOptions {
  rng: Random;
  now: Date;
  idPrefix: string;
  patients: readonly SeedPatient[];
  clinicians: readonly PractitionerSpec[];
  /** The state of each thread, in order. */
  states: readonly ThreadState[];
}

/** Message threads that no task points at yet: fresh messages and ones the bot has still to pick up. */
export function buildInbox(options: InboxOptions): Resource[] {
  return options.states.flatMap((state, index) => {
    const seeded = buildThread({
      rng: options.rng,
      now: options.now,
      id: `${options.idPrefix}communication-thread-inbox-${String(index + 1).padStart(2, '0')}`,
      patient: options.rng.pick(options.patients),
      clinician: options.rng.pick(options.clinicians),
      script: options.rng.pick(MESSAGE_SCRIPTS),
      state,
    });
    return [seeded.thread, ...seeded.messages];
  });
}

export interface ProjectParts {
  /** Prefix of the project's value set ids ('' for the demo project). */
  idPrefix: string;
  now: Date;
  orgs: SeedOrganizations;
  staff: readonly PractitionerSpec[];
  patients: readonly SeedPatient[];
  schedules: readonly Resource[];
  seeded: SeedTasks;
  inbox: readonly Resource[];
}

/** A project's resources in load order: value sets, organizations and staff before what refers to them. */
export function projectResources(parts: ProjectParts): Resource[] {
  return [
    ...buildValueSets(parts.idPrefix, parts.now),
    parts.orgs.clinic,
    parts.orgs.lab,
    ...buildStaffResources(parts.staff, parts.orgs),
    ...parts.patients.map((patient) => patient.resource),
    ...parts.schedules,
    ...parts.seeded.resources,
    ...parts.inbox,
    ...parts.seeded.tasks,
  ];
}
