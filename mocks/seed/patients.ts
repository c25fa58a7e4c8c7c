import type { Patient, Practitioner, Reference } from '@medplum/fhirtypes';
import type { SeedState } from './codes';
import { MRN_SYSTEM, SSN_SYSTEM } from './constants';
import { type City, STREET_NAMES, UNIT_LABELS } from './places';
import type { Random } from './random';
import patientNames from './patient-names.json';

/** HL7 v2 table 0203: the kind of a patient identifier (MR, SS). */
const IDENTIFIER_TYPE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v2-0203';

export interface PatientName {
  given: string;
  family: string;
  gender: 'female' | 'male';
}

/** Main project patients: twelve per state (the names are data, in patient-names.json). */
export const PATIENT_NAMES = patientNames as Record<SeedState, readonly PatientName[]>;

export const RIVERSIDE_PATIENT_NAMES: readonly PatientName[] = [
  { given: 'Veronica', family: 'Salazar', gender: 'female' },
  { given: 'Dennis', family: 'Okafor', gender: 'male' },
  { given: 'Priscilla', family: 'Yang', gender: 'female' },
  { given: 'Gabriel', family: 'Fuentes', gender: 'male' },
];

/** A patient together with the facts other builders need without digging into the resource. */
export interface SeedPatient {
  resource: Patient;
  ref: Reference<Patient>;
  given: string;
  family: string;
  state: SeedState;
}

export interface PatientBuildOptions {
  rng: Random;
  idPrefix: string;
  state: SeedState;
  names: readonly PatientName[];
  cities: readonly City[];
  /** Each patient's primary care practitioner is picked from these. */
  primaryCare: readonly Reference<Practitioner>[];
  /** Numbers the medical record numbers; keeps them unique across calls. */
  firstRecordNumber: number;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** Area numbers 900-999 with groups below 50 are never issued, so no real person's number appears. */
function fictionalSsn(rng: Random): string {
  return `${rng.int(900, 999)}-${pad(rng.int(1, 49), 2)}-${pad(rng.int(1, 9999), 4)}`;
}

function birthDate(rng: Random): string {
  return `${rng.int(1938, 2008)}-${pad(rng.int(1, 12), 2)}-${pad(rng.int(1, 28), 2)}`;
}

export function patientRef(id: string, given: string, family: string): Reference<Patient> {
  return { reference: `Patient/${id}`, display: `${given} ${family}` };
}

/** `id` defaults to a readable one made from the name. */
export function buildPatient(
  options: PatientBuildOptions,
  name: PatientName,
  index: number,
  id = `${options.idPrefix}patient-${slug(name.given)}-${slug(name.family)}`
): SeedPatient {
  const { rng, state } = options;
  const city = rng.pick(options.cities);
  const line = [`${rng.int(12, 4980)} ${rng.pick(STREET_NAMES)}`];
  if (rng.chance(0.3)) {
    line.push(rng.pick(UNIT_LABELS));
  }
  const resource: Patient = {
    resourceType: 'Patient',
    id,
    active: true,
    identifier: [
      {
        type: {
          coding: [{ system: IDENTIFIER_TYPE_SYSTEM, code: 'SB', display: 'Social Beneficiary Identifier' }],
          text: 'Social Security Number',
        },
        system: SSN_SYSTEM,
        value: fictionalSsn(rng),
      },
      {
        type: { coding: [{ system: IDENTIFIER_TYPE_SYSTEM, code: 'MR', display: 'Medical record number' }] },
        system: MRN_SYSTEM,
        value: `CQ${pad(options.firstRecordNumber + index, 6)}`,
      },
    ],
    name: [{ use: 'official', given: [name.given], family: name.family }],
    telecom: [
      { system: 'phone', value: `(${city.areaCode}) 555-01${pad(rng.int(0, 99), 2)}`, use: 'mobile' },
    ],
    gender: name.gender,
    birthDate: birthDate(rng),
    address: [
      {
        use: 'home',
        type: 'physical',
        line,
        city: city.city,
        state,
        postalCode: rng.pick(city.postalCodes),
        country: 'US',
      },
    ],
    generalPractitioner: [rng.pick(options.primaryCare)],
  };
  return {
    resource,
    ref: patientRef(id, name.given, name.family),
    given: name.given,
    family: name.family,
    state,
  };
}

export function buildPatients(options: PatientBuildOptions): SeedPatient[] {
  return options.names.map((name, index) => buildPatient(options, name, index));
}
