import type { BundleEntry, Patient, Reference } from '@medplum/fhirtypes';
import { MRN_SYSTEM, newUrn, type StateCode } from './codes';

interface ExamplePatient {
  mrn: string;
  given: string;
  family: string;
  gender: Patient['gender'];
  birthDate: string;
  line: string;
  city: string;
  state: StateCode;
  postalCode: string;
}

/** The example patients: one in each state of the sample licences. */
export const EXAMPLE_PATIENTS = {
  ny: {
    mrn: 'EX-200101',
    given: 'Maya',
    family: 'Okafor',
    gender: 'female',
    birthDate: '1958-04-12',
    line: '214 Lark Street',
    city: 'Albany',
    state: 'NY',
    postalCode: '12210',
  },
  ca: {
    mrn: 'EX-200102',
    given: 'Daniel',
    family: 'Reyes',
    gender: 'male',
    birthDate: '1971-09-30',
    line: '88 Alvarado Road',
    city: 'Berkeley',
    state: 'CA',
    postalCode: '94705',
  },
  tx: {
    mrn: 'EX-200103',
    given: 'Grace',
    family: 'Whitfield',
    gender: 'female',
    birthDate: '1986-01-22',
    line: '1502 Oak Lawn Avenue',
    city: 'Dallas',
    state: 'TX',
    postalCode: '75207',
  },
} satisfies Record<string, ExamplePatient>;

export type PatientKey = keyof typeof EXAMPLE_PATIENTS;

/** A patient entry of a transaction: created unless a patient with its record number exists. */
export interface PatientEntry {
  entry: BundleEntry<Patient>;
  ref: Reference<Patient>;
  state: StateCode;
}

export function patientEntry(key: PatientKey): PatientEntry {
  const spec: ExamplePatient = EXAMPLE_PATIENTS[key];
  const fullUrl = newUrn();
  const identifier = { system: MRN_SYSTEM, value: spec.mrn };
  const resource: Patient = {
    resourceType: 'Patient',
    identifier: [{ ...identifier, type: { text: 'Medical record number' } }],
    active: true,
    name: [{ use: 'official', given: [spec.given], family: spec.family }],
    gender: spec.gender,
    birthDate: spec.birthDate,
    address: [
      { use: 'home', line: [spec.line], city: spec.city, state: spec.state, postalCode: spec.postalCode },
    ],
  };
  return {
    entry: {
      fullUrl,
      request: { method: 'POST', url: 'Patient', ifNoneExist: `identifier=${MRN_SYSTEM}|${spec.mrn}` },
      resource,
    },
    ref: { reference: fullUrl, display: `${spec.given} ${spec.family}` },
    state: spec.state,
  };
}
