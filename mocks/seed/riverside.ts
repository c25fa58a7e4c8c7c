import type { Resource } from '@medplum/fhirtypes';
import type { TaskType } from './codes';
import { buildSchedule } from './documents';
import { buildOrganizations, organizationRef } from './organizations';
import { RIVERSIDE_CITIES } from './places';
import { buildPatients, RIVERSIDE_PATIENT_NAMES } from './patients';
import { practitionerRef } from './practitioners';
import { buildInbox, doctorsOf, projectResources, staffById } from './project-parts';
import { createRandom } from './random';
import { CAROL_WHITE_RIVERSIDE, RIVERSIDE_STAFF } from './staff';
import { buildTasks, type OwnerWeights } from './tasks';

/** Every id in the Riverside Clinic project starts with this, so none clashes with the main project. */
export const RIVERSIDE_ID_PREFIX = 'riverside-';

/** The 'Riverside Clinic' project: a small practice where Carol White also coordinates care. */
export function buildRiversideProject(now: Date): Resource[] {
  const prefix = RIVERSIDE_ID_PREFIX;
  const orgs = buildOrganizations(prefix, 'Riverside Clinic', 'Riverside', 'CA');
  const nadia = staffById(RIVERSIDE_STAFF, 'riverside-practitioner-nadia-haddad');
  const kevin = staffById(RIVERSIDE_STAFF, 'riverside-practitioner-kevin-park');
  const patients = buildPatients({
    rng: createRandom(101),
    idPrefix: prefix,
    state: 'CA',
    names: RIVERSIDE_PATIENT_NAMES,
    cities: RIVERSIDE_CITIES,
    primaryCare: [practitionerRef(nadia)],
    firstRecordNumber: 500001,
  });
  const schedules = [buildSchedule(`${prefix}schedule-nadia-haddad`, nadia, 'Primary care visits', now)];
  const weights: OwnerWeights = [
    [CAROL_WHITE_RIVERSIDE, 1],
    [nadia, 1],
    [kevin, 1],
    [null, 2],
  ];
  const owners: Record<TaskType, OwnerWeights> = {
    'respond-to-message': weights,
    'review-diagnostic-report': [
      [nadia, 1],
      [null, 1],
    ],
    'schedule-appointment': weights,
    'verify-drivers-license': weights,
  };
  const seeded = buildTasks({
    rng: createRandom(103),
    now,
    idPrefix: prefix,
    lab: organizationRef(orgs.lab),
    clinicians: RIVERSIDE_STAFF,
    doctors: doctorsOf(RIVERSIDE_STAFF),
    schedules,
    perType: 3,
    patients,
    owners,
    noteAuthors: RIVERSIDE_STAFF,
  });
  const inbox = buildInbox({
    rng: createRandom(107),
    now,
    idPrefix: prefix,
    patients,
    clinicians: RIVERSIDE_STAFF,
    states: ['awaiting-reply', 'answered'],
  });
  return projectResources({
    idPrefix: prefix,
    now,
    orgs,
    staff: RIVERSIDE_STAFF,
    patients,
    schedules,
    seeded,
    inbox,
  });
}
