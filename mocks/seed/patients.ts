import type { Patient, Practitioner, Reference } from '@medplum/fhirtypes';
import type { SeedState } from './codes';
import { IDENTIFIER_TYPE_SYSTEM, MRN_SYSTEM, SSN_SYSTEM } from './constants';
import { type City, STREET_NAMES, UNIT_LABELS } from './places';
import type { Random } from './random';

export interface PatientName {
  given: string;
  family: string;
  gender: 'female' | 'male';
}

/** Main project patients: twelve per state. */
export const PATIENT_NAMES: Record<SeedState, readonly PatientName[]> = {
  NY: [
    { given: 'Maria', family: 'Gonzalez', gender: 'female' },
    { given: 'James', family: "O'Connor", gender: 'male' },
    { given: 'Aisha', family: 'Rahman', gender: 'female' },
    { given: 'David', family: 'Goldberg', gender: 'male' },
    { given: 'Sophia', family: 'Russo', gender: 'female' },
    { given: 'Kwame', family: 'Mensah', gender: 'male' },
    { given: 'Emily', family: 'Chen', gender: 'female' },
    { given: 'Michael', family: 'Kowalski', gender: 'male' },
    { given: 'Grace', family: 'Adeyemi', gender: 'female' },
    { given: 'Daniel', family: 'Friedman', gender: 'male' },
    { given: 'Rosa', family: 'Delgado', gender: 'female' },
    { given: 'Thomas', family: 'Murphy', gender: 'male' },
  ],
  CA: [
    { given: 'Linh', family: 'Nguyen', gender: 'female' },
    { given: 'Carlos', family: 'Ramirez', gender: 'male' },
    { given: 'Jessica', family: 'Patel', gender: 'female' },
    { given: 'Kenji', family: 'Watanabe', gender: 'male' },
    { given: 'Ana', family: 'Morales', gender: 'female' },
    { given: 'Robert', family: 'Sullivan', gender: 'male' },
    { given: 'Mei', family: 'Huang', gender: 'female' },
    { given: 'Andre', family: 'Washington', gender: 'male' },
    { given: 'Isabel', family: 'Castillo', gender: 'female' },
    { given: 'Ethan', family: 'Brooks', gender: 'male' },
    { given: 'Fatima', family: 'Siddiqui', gender: 'female' },
    { given: 'Luis', family: 'Herrera', gender: 'male' },
  ],
  TX: [
    { given: 'Jose', family: 'Hernandez', gender: 'male' },
    { given: 'Brittany', family: 'Coleman', gender: 'female' },
    { given: 'William', family: 'Turner', gender: 'male' },
    { given: 'Guadalupe', family: 'Flores', gender: 'female' },
    { given: 'Tyrone', family: 'Jackson', gender: 'male' },
    { given: 'Ashley', family: 'Schmidt', gender: 'female' },
    { given: 'Miguel', family: 'Vargas', gender: 'male' },
    { given: 'Sarah', family: 'Mitchell', gender: 'female' },
    { given: 'Huong', family: 'Tran', gender: 'female' },
    { given: 'Christopher', family: 'Reed', gender: 'male' },
    { given: 'Yolanda', family: 'Garza', gender: 'female' },
    { given: 'Jacob', family: 'Whitfield', gender: 'male' },
  ],
};

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
