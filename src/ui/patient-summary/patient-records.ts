import type {
  AllergyIntolerance,
  Appointment,
  Bundle,
  BundleEntry,
  Condition,
  Encounter,
  MedicationRequest,
  Observation,
  Resource,
} from '@medplum/fhirtypes';
import { clinicalPatientOf, isSmokingStatus, SMOKING_STATUS, vitalSignOf } from '@/fhir/clinical-rules';
import { LOINC_SYSTEM } from '@/fhir/product-codes';
import type { StoredResource } from '@/db/types';
import { batchGet } from '@/sync/fhir/fhir-client';

/** Each list of the summary shows at most this many resources, newest first. */
export const SUMMARY_LIST_COUNT = 100;
/**
 * Vital signs are read deeper than the lists, for their trends: up to this many readings, newest
 * first (about 50 of each of the nine signs); the Vitals list still shows the newest 100.
 */
export const VITAL_READINGS_COUNT = 500;

/** What the summary shows of one patient. */
export interface PatientRecords {
  allergies: AllergyIntolerance[];
  problems: Condition[];
  medications: MedicationRequest[];
  smoking: Observation[];
  vitals: Observation[];
  /** Every vital reading held for the trends, newest first, at most VITAL_READINGS_COUNT. */
  vitalReadings: Observation[];
  nextAppointment?: Appointment;
  lastVisit?: Encounter;
  /** Keys ('Condition/1') of entries with changes not yet on the server. */
  waiting: ReadonlySet<string>;
}

/** The types the summary reads, each with the element that names the patient. */
export const SUMMARY_TYPES = [
  'AllergyIntolerance',
  'Condition',
  'MedicationRequest',
  'Observation',
  'Appointment',
  'Encounter',
] as const;

const newestFirst = { _count: SUMMARY_LIST_COUNT, _sort: '-_lastUpdated' };

/**
 * The server reads of a patient's summary, sent together as one batch: each clinical list (_count
 * 100, newest first; observations split into smoking status and vital signs so lab results do not
 * crowd them out, vital signs up to 500 for their trends), the next appointment and the last visit.
 */
export function summaryReads(patient: string, now: Date): BundleEntry[] {
  const today = now.toISOString().slice(0, 10);
  return [
    batchGet('AllergyIntolerance', { patient, ...newestFirst }),
    batchGet('Condition', { patient, ...newestFirst }),
    batchGet('MedicationRequest', { subject: patient, ...newestFirst }),
    batchGet('Observation', {
      subject: patient,
      code: `${LOINC_SYSTEM}|${SMOKING_STATUS.code}`,
      ...newestFirst,
    }),
    batchGet('Observation', {
      subject: patient,
      category: 'vital-signs',
      ...newestFirst,
      _count: VITAL_READINGS_COUNT,
    }),
    batchGet('Appointment', { patient, date: `ge${today}`, _sort: 'date', _count: 1 }),
    batchGet('Encounter', { patient, _sort: '-date', _count: 1 }),
  ];
}

/** The resources of a batch answer's search bundles; a failed entry is left out (the device's copy shows). */
export function resourcesOfAnswers(entries: BundleEntry[]): Resource[] {
  return entries.flatMap((entry) =>
    ((entry.resource as Bundle | undefined)?.entry ?? []).flatMap((item) =>
      item.resource && item.search?.mode !== 'include' ? [item.resource] : []
    )
  );
}

/** The patient a resource of the summary belongs to ('Patient/123'). */
function patientOf(resource: Resource): string | undefined {
  if (resource.resourceType === 'Appointment')
    return resource.participant.find((part) => part.actor?.reference?.startsWith('Patient/'))?.actor
      ?.reference;
  return clinicalPatientOf(resource);
}

/** When the entry happened: taken, began, ordered or recorded. */
function clinicalTime(resource: Resource): string {
  const timed = resource as {
    effectiveDateTime?: string;
    onsetDateTime?: string;
    authoredOn?: string;
    recordedDate?: string;
  };
  return timed.effectiveDateTime ?? timed.onsetDateTime ?? timed.authoredOn ?? timed.recordedDate ?? '';
}

/**
 * Unsent creates first (they are the newest), then by the server's lastUpdated, newest first; entries
 * written at the same instant (an import) by when they happened, newest first.
 */
function byNewest(a: Held, b: Held): number {
  return descending(a.order, b.order) || descending(clinicalTime(a.resource), clinicalTime(b.resource));
}

/** Code-unit order (ISO times and '~' sort as their characters, whatever the locale), reversed. */
const descending = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

interface Held {
  resource: Resource;
  /** '~' sorts after every ISO time: a resource the server has not confirmed yet is the newest. */
  order: string;
}

/**
 * The summary's lists from what the device holds (records, with unsent changes, deletes left out)
 * and what the server just answered (`fetched`, for resources not yet stored): each list of the
 * patient's resources newest first, at most 100; the first appointment from `now` on and the last
 * visit before it.
 */
export function patientRecords(
  patient: string,
  records: readonly StoredResource[],
  fetched: readonly Resource[],
  now: Date
): PatientRecords {
  const held = new Map<string, Held>();
  const waiting = new Set<string>();
  for (const resource of fetched) {
    if (patientOf(resource) === patient)
      held.set(`${resource.resourceType}/${resource.id ?? ''}`, {
        resource,
        order: resource.meta?.lastUpdated ?? '',
      });
  }
  for (const record of records) {
    if (record.deleted === 1) {
      held.delete(record.key);
    } else if (patientOf(record.resource) === patient) {
      held.set(record.key, { resource: record.resource, order: record.server ? record.lastUpdated : '~' });
      if (record.pending > 0 || !record.server) waiting.add(record.key);
    }
  }
  const sorted = [...held.values()].sort(byNewest).map((item) => item.resource);
  const ofType = <T extends Resource>(type: T['resourceType']): T[] =>
    sorted.filter((resource): resource is T => resource.resourceType === type);
  const observations = ofType<Observation>('Observation');
  const first = <T>(items: T[]): T[] => items.slice(0, SUMMARY_LIST_COUNT);
  const vitalReadings = observations.filter((observation) => vitalSignOf(observation) !== undefined);
  const nowIso = now.toISOString();
  const upcoming = ofType<Appointment>('Appointment')
    .filter((appointment) => (appointment.start ?? '') >= nowIso && appointment.status !== 'cancelled')
    .sort((a, b) => (a.start ?? '').localeCompare(b.start ?? ''));
  const visits = ofType<Encounter>('Encounter')
    .filter((encounter) => (encounter.period?.start ?? '') <= nowIso)
    .sort((a, b) => (b.period?.start ?? '').localeCompare(a.period?.start ?? ''));
  return {
    allergies: first(ofType<AllergyIntolerance>('AllergyIntolerance')),
    problems: first(ofType<Condition>('Condition')),
    medications: first(ofType<MedicationRequest>('MedicationRequest')),
    smoking: first(observations.filter(isSmokingStatus)),
    vitals: first(vitalReadings),
    vitalReadings: vitalReadings.slice(0, VITAL_READINGS_COUNT),
    nextAppointment: upcoming[0],
    lastVisit: visits[0],
    waiting,
  };
}
