import type { Observation, Resource } from '@medplum/fhirtypes';
import * as entries from '@/fhir/clinical-entries';
import { smokingOptionOf, vitalSignOf } from '@/fhir/clinical-rules';
import { formatDate, formatDateTime } from '../format/date-time';
import type { PatientRecords } from './patient-records';
import { vitalValueText } from './vital-text';

/** One line of a section: what it is, and a detail (status, value, date). */
export interface SectionRow {
  key: string;
  text: string;
  detail?: string;
  waiting: boolean;
}

/** The dialog a section opens. */
export type EntryKind = 'allergy' | 'problem' | 'medication' | 'smoking' | 'vital';

/** One section of the summary: its title, what it lists and how each entry reads. */
export interface SectionSpec {
  kind: EntryKind;
  title: string;
  /** The add button's name ('Add Allergy'). */
  addLabel: string;
  empty: string;
  entries: (records: PatientRecords) => Resource[];
  describe: (resource: Resource) => Reading;
}

export const keyOf = (resource: Resource): string => `${resource.resourceType}/${resource.id ?? ''}`;

const capitalised = (text: string | undefined): string =>
  text ? text.charAt(0).toUpperCase() + text.slice(1) : '';

const joined = (parts: (string | undefined)[], separator: string): string =>
  parts.filter(Boolean).join(separator);

const taken = (observation: Observation): string =>
  observation.effectiveDateTime ? formatDateTime(observation.effectiveDateTime) : '';

type Reading = { text: string; detail?: string };

function allergyReading(resource: Resource): Reading {
  const allergy = resource as PatientRecords['allergies'][number];
  const reaction = entries.conceptText(allergy.reaction?.[0]?.manifestation[0]);
  return {
    text: joined([entries.conceptText(allergy.code), reaction], ' — '),
    detail: capitalised(entries.statusCode(allergy.clinicalStatus, entries.ALLERGY_CLINICAL_SYSTEM)),
  };
}

function problemReading(resource: Resource): Reading {
  const condition = resource as PatientRecords['problems'][number];
  const status = capitalised(entries.statusCode(condition.clinicalStatus, entries.CONDITION_CLINICAL_SYSTEM));
  return {
    text: entries.conceptText(condition.code),
    detail: joined([status, formatDate(condition.onsetDateTime ?? '')], ' · '),
  };
}

function medicationReading(resource: Resource): Reading {
  const request = resource as PatientRecords['medications'][number];
  return {
    text: entries.conceptText(request.medicationCodeableConcept),
    detail: capitalised(request.status),
  };
}

function smokingReading(resource: Resource): Reading {
  const observation = resource as Observation;
  const answer =
    smokingOptionOf(observation)?.display ?? entries.conceptText(observation.valueCodeableConcept);
  return { text: answer, detail: taken(observation) };
}

function vitalReading(resource: Resource): Reading {
  const observation = resource as Observation;
  const sign = vitalSignOf(observation)?.display ?? entries.conceptText(observation.code);
  return { text: `${sign}: ${vitalValueText(observation)}`, detail: taken(observation) };
}

function section(
  kind: EntryKind,
  title: string,
  noun: string,
  empty: string,
  list: SectionSpec['entries'],
  describe: SectionSpec['describe']
): SectionSpec {
  return { kind, title, addLabel: `Add ${noun}`, empty, entries: list, describe };
}

/** The five sections, in the summary's order. */
export const SECTIONS: readonly SectionSpec[] = [
  section('allergy', 'Allergies', 'Allergy', 'No known allergies', (r) => r.allergies, allergyReading),
  section('problem', 'Problem List', 'Problem', 'No problems', (r) => r.problems, problemReading),
  section(
    'medication',
    'Medications',
    'Medication',
    'No medications',
    (r) => r.medications,
    medicationReading
  ),
  section('smoking', 'Smoking Status', 'Smoking Status', 'Not recorded', (r) => r.smoking, smokingReading),
  section('vital', 'Vitals', 'Vital', 'No vitals', (r) => r.vitals, vitalReading),
];

/** A section's rows, with the entries whose changes wait to sync marked. */
export function sectionRows(spec: SectionSpec, records: PatientRecords): SectionRow[] {
  return spec.entries(records).map((resource) => ({
    key: keyOf(resource),
    waiting: records.waiting.has(keyOf(resource)),
    ...spec.describe(resource),
  }));
}
