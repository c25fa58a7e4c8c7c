import type {
  Communication,
  DiagnosticReport,
  DocumentReference,
  Reference,
  Resource,
  Task,
} from '@medplum/fhirtypes';
import {
  businessStatusConcept,
  roleConcept,
  SEED_STATES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TYPES,
  taskTypeConcept,
} from './codes';
import type { TaskType } from './codes';
import { LAB_ACCESSION_SYSTEM, LICENSE_IMAGE_BASE_URL, LOINC_SYSTEM, MAIN_PROJECT_ID } from './constants';
import { buildSchedule } from './documents';
import { LAB_PANELS } from './lab-panels';
import { MESSAGE_SCRIPTS } from './message-scripts';
import { CITIES } from './places';
import { buildPatient, PATIENT_NAMES, type SeedPatient } from './patients';
import { buildPractitioner, practitionerRef, type PractitionerSpec } from './practitioners';
import { createRandom, type Random } from './random';
import { ALICE_SMITH, BOB_JONES, CAROL_WHITE, DAN_BROWN, MAIN_STAFF } from './staff';
import { BUSINESS_STATUS_WEIGHTS, PRIORITY_WEIGHTS, QUEUE_WEIGHTS, STATUS_WEIGHTS } from './tasks';
import { DAY_MINUTES, HOUR_MINUTES, minutesFrom } from './time';
import type { SeedData } from './types';

export interface LargeSeedOptions {
  tasks: number;
  patients: number;
  now?: Date;
  /** Defaults to the main project, whose demo practitioners then own some of the tasks. */
  projectId?: string;
}

/** What each patient brings: one message thread, one lab report and one license photo. */
interface PatientFocus {
  patient: SeedPatient;
  thread: Reference;
  report: Reference;
  license: Reference;
}

const PREFIX = 'bench-';

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function patientFocus(
  rng: Random,
  now: Date,
  patient: SeedPatient,
  number: string
): [PatientFocus, Resource[]] {
  const script = rng.pick(MESSAGE_SCRIPTS);
  const panel = rng.pick(LAB_PANELS);
  const thread: Communication = {
    resourceType: 'Communication',
    id: `${PREFIX}communication-thread-${number}`,
    status: 'in-progress',
    subject: patient.ref,
    topic: { text: script.topic },
  };
  const message: Communication = {
    resourceType: 'Communication',
    id: `${PREFIX}communication-message-${number}`,
    status: 'in-progress',
    partOf: [{ reference: `Communication/${thread.id}`, display: script.topic }],
    subject: patient.ref,
    sender: patient.ref,
    payload: [{ contentString: script.lines[0].replace('{first}', patient.given) }],
    sent: minutesFrom(now, -rng.int(HOUR_MINUTES, 10 * DAY_MINUTES)),
  };
  const report: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    id: `${PREFIX}diagnosticreport-${number}`,
    identifier: [{ system: LAB_ACCESSION_SYSTEM, value: `ACC-B${number}` }],
    status: 'preliminary',
    code: {
      coding: [{ system: LOINC_SYSTEM, code: panel.loinc, display: panel.display }],
      text: panel.title,
    },
    subject: patient.ref,
    issued: minutesFrom(now, -rng.int(HOUR_MINUTES, 14 * DAY_MINUTES)),
  };
  const license: DocumentReference = {
    resourceType: 'DocumentReference',
    id: `${PREFIX}documentreference-license-${number}`,
    status: 'current',
    docStatus: 'final',
    type: { text: "Driver's license" },
    subject: patient.ref,
    content: [
      { attachment: { contentType: 'image/jpeg', url: `${LICENSE_IMAGE_BASE_URL}/${PREFIX}${number}.jpg` } },
    ],
  };
  const focus: PatientFocus = {
    patient,
    thread: { reference: `Communication/${thread.id}`, display: script.topic },
    report: { reference: `DiagnosticReport/${report.id}`, display: panel.title },
    license: { reference: `DocumentReference/${license.id}`, display: "Driver's license" },
  };
  return [focus, [thread, message, report, license]];
}

function buildLargePatients(rng: Random, count: number): SeedPatient[] {
  const patients: SeedPatient[] = [];
  for (let i = 0; i < count; i++) {
    const state = SEED_STATES[i % SEED_STATES.length] ?? 'NY';
    const first = rng.pick(PATIENT_NAMES[rng.pick(SEED_STATES)]);
    const last = rng.pick(PATIENT_NAMES[rng.pick(SEED_STATES)]);
    const name = { given: first.given, family: last.family, gender: first.gender };
    const options = {
      rng,
      idPrefix: PREFIX,
      state,
      names: [name],
      cities: CITIES[state],
      primaryCare: [practitionerRef(state === 'TX' ? DAN_BROWN : ALICE_SMITH)],
      firstRecordNumber: 900001,
    };
    patients.push(buildPatient(options, name, i, `${PREFIX}patient-${pad(i + 1, 5)}`));
  }
  return patients;
}

/** Owners of the benchmark tasks: the demo users, a few others, and plenty of unowned tasks. */
const OWNER_WEIGHTS: readonly (readonly [PractitionerSpec | null, number])[] = [
  [ALICE_SMITH, 3],
  [BOB_JONES, 2],
  [CAROL_WHITE, 2],
  [DAN_BROWN, 1],
  ...MAIN_STAFF.slice(4).map((spec) => [spec, 0.5] as const),
  [null, 10],
];

/**
 * Many patients and tasks of the same shapes as the demo data, for benchmarks. Loaded into the main
 * project it sits beside buildSeed's resources; into another project it brings its own copies of the
 * demo practitioners, so every reference resolves either way.
 */
export function buildLargeTaskSeed(options: LargeSeedOptions): SeedData['resources'] {
  const now = options.now ?? new Date();
  const projectId = options.projectId ?? MAIN_PROJECT_ID;
  const rng = createRandom(4242);
  const resources: Resource[] = [];
  if (projectId !== MAIN_PROJECT_ID) {
    resources.push(...MAIN_STAFF.map(buildPractitioner));
  }
  const schedules = [ALICE_SMITH, DAN_BROWN, ...MAIN_STAFF.slice(4, 6)].map((spec, index) =>
    buildSchedule(`${PREFIX}schedule-${index + 1}`, spec, 'Clinic visits', now)
  );
  resources.push(...schedules);

  const patients = buildLargePatients(rng, Math.max(1, options.patients));
  const foci = patients.map((patient, index) => {
    const [focus, made] = patientFocus(rng, now, patient, pad(index + 1, 5));
    resources.push(patient.resource, ...made);
    return focus;
  });

  for (let i = 0; i < options.tasks; i++) {
    const type: TaskType = TASK_TYPES[i % 4] ?? 'respond-to-message';
    const combo = Math.floor(i / 4);
    const status = combo < 16 ? (TASK_STATUSES[combo % 4] ?? 'ready') : rng.weighted(STATUS_WEIGHTS);
    const priority =
      combo < 16 ? (TASK_PRIORITIES[Math.floor(combo / 4)] ?? 'routine') : rng.weighted(PRIORITY_WEIGHTS);
    const focus = foci[i % foci.length] as PatientFocus;
    const owner = rng.weighted(OWNER_WEIGHTS);
    const role = owner?.roles[0] ?? rng.weighted(QUEUE_WEIGHTS[type]);
    const schedule = rng.pick(schedules);
    const target: Record<TaskType, Reference> = {
      'respond-to-message': focus.thread,
      'review-diagnostic-report': focus.report,
      'schedule-appointment': { reference: `Schedule/${schedule.id}`, display: schedule.comment },
      'verify-drivers-license': focus.license,
    };
    const authoredMinutesAgo = rng.int(HOUR_MINUTES, 21 * DAY_MINUTES);
    const task: Task = {
      resourceType: 'Task',
      id: `${PREFIX}task-${pad(i + 1, 6)}`,
      status,
      intent: 'order',
      priority,
      code: taskTypeConcept(type),
      focus: target[type],
      for: focus.patient.ref,
      authoredOn: minutesFrom(now, -authoredMinutesAgo),
      ...(owner ? { owner: practitionerRef(owner) } : {}),
      ...(role ? { performerType: [roleConcept(role)] } : {}),
      businessStatus: businessStatusConcept(rng.weighted(BUSINESS_STATUS_WEIGHTS[type])),
      restriction: { period: { end: minutesFrom(now, rng.int(-7 * DAY_MINUTES, 30 * DAY_MINUTES)) } },
      ...(rng.chance(0.3)
        ? {
            note: [
              {
                text: 'Reviewed the chart; follow up with the patient this week.',
                authorReference: practitionerRef(owner ?? ALICE_SMITH),
                time: minutesFrom(now, -rng.int(1, authoredMinutesAgo)),
              },
            ],
          }
        : {}),
    };
    resources.push(task);
  }
  return resources.map((resource) => ({ projectId, resource }));
}
