import type { Resource } from '@medplum/fhirtypes';
import { SEED_STATES, type SeedState } from './codes';
import { buildSchedule } from './documents';
import { buildOrganizations, organizationRef } from './organizations';
import { CITIES } from './places';
import { buildPatients, PATIENT_NAMES, type SeedPatient } from './patients';
import { practitionerRef, type PractitionerSpec } from './practitioners';
import { buildInbox, doctorsOf, projectResources, staffById } from './project-parts';
import { createRandom } from './random';
import { ALICE_SMITH, BOB_JONES, CAROL_WHITE, DAN_BROWN, MAIN_CLINICIANS, MAIN_STAFF } from './staff';
import { buildTasks, type OwnerWeights } from './tasks';
import type { TaskType } from './codes';

/** Tasks of each type in the main project (four types, so 240 in all). */
export const MAIN_TASKS_PER_TYPE = 60;

const byId = (id: string): PractitionerSpec => staffById(MAIN_STAFF, id);

/** Doctors mostly review reports, coordinators and nurses handle messages, calendars and documents. */
function ownerWeights(): Record<TaskType, OwnerWeights> {
  const marcus = byId('practitioner-marcus-lee');
  const priya = byId('practitioner-priya-raman');
  const elena = byId('practitioner-elena-ortiz');
  const samuel = byId('practitioner-samuel-greene');
  const hannah = byId('practitioner-hannah-kim');
  const olivia = byId('practitioner-olivia-bennett');
  const rafael = byId('practitioner-rafael-moreno');
  return {
    'review-diagnostic-report': [
      [ALICE_SMITH, 5],
      [DAN_BROWN, 3],
      [marcus, 2],
      [priya, 1],
      [null, 8],
    ],
    'respond-to-message': [
      [ALICE_SMITH, 2],
      [BOB_JONES, 2],
      [CAROL_WHITE, 2],
      [elena, 1],
      [priya, 1],
      [hannah, 1],
      [samuel, 1],
      [DAN_BROWN, 1],
      [null, 9],
    ],
    'schedule-appointment': [
      [CAROL_WHITE, 2],
      [hannah, 2],
      [BOB_JONES, 1],
      [ALICE_SMITH, 1],
      [null, 7],
    ],
    'verify-drivers-license': [
      [BOB_JONES, 2],
      [CAROL_WHITE, 1],
      [olivia, 1],
      [rafael, 1],
      [elena, 1],
      [null, 6],
    ],
  };
}

/** Primary care practitioners by state: those licensed there. */
const PRIMARY_CARE: Record<SeedState, string[]> = {
  NY: [ALICE_SMITH.id, 'practitioner-marcus-lee'],
  CA: [ALICE_SMITH.id, 'practitioner-priya-raman'],
  TX: [DAN_BROWN.id, 'practitioner-samuel-greene'],
};

function buildMainPatients(seed: number): SeedPatient[] {
  const rng = createRandom(seed);
  return SEED_STATES.flatMap((state, stateIndex) =>
    buildPatients({
      rng,
      idPrefix: '',
      state,
      names: PATIENT_NAMES[state],
      cities: CITIES[state],
      primaryCare: PRIMARY_CARE[state].map((id) => practitionerRef(byId(id))),
      firstRecordNumber: 100001 + stateIndex * 100,
    })
  );
}

/** The 'CareQueue Demo' project: staff, 36 patients, 240 tasks and everything they point at. */
export function buildMainProject(now: Date): Resource[] {
  const orgs = buildOrganizations('', 'CareQueue Health', 'Albany', 'NY');
  const patients = buildMainPatients(11);
  const schedules = [
    buildSchedule('schedule-alice-smith', ALICE_SMITH, 'Primary care visits', now),
    buildSchedule('schedule-dan-brown', DAN_BROWN, 'Diabetes clinic', now),
    buildSchedule('schedule-marcus-lee', byId('practitioner-marcus-lee'), 'Cardiology follow-up', now),
    buildSchedule('schedule-priya-raman', byId('practitioner-priya-raman'), 'Same-day sick visits', now),
    buildSchedule(
      'schedule-samuel-greene',
      byId('practitioner-samuel-greene'),
      'Pre-operative evaluations',
      now
    ),
  ];
  const seeded = buildTasks({
    rng: createRandom(23),
    now,
    idPrefix: '',
    lab: organizationRef(orgs.lab),
    clinicians: MAIN_CLINICIANS,
    doctors: doctorsOf(MAIN_STAFF),
    schedules,
    perType: MAIN_TASKS_PER_TYPE,
    patients,
    owners: ownerWeights(),
    noteAuthors: MAIN_CLINICIANS,
  });
  const inbox = buildInbox({
    rng: createRandom(37),
    now,
    idPrefix: '',
    patients,
    clinicians: MAIN_CLINICIANS,
    states: [
      'awaiting-reply',
      'awaiting-reply',
      'awaiting-reply',
      'just-sent',
      'just-sent',
      'just-sent',
      'answered',
      'answered',
      'answered',
      'answered',
    ],
  });
  return projectResources({ idPrefix: '', now, orgs, staff: MAIN_STAFF, patients, schedules, seeded, inbox });
}
