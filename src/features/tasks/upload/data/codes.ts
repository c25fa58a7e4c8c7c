import type { CodeableConcept, Coding } from '@medplum/fhirtypes';
import {
  BUSINESS_STATUS_VALUESET_URL,
  PRACTITIONER_ROLE_VALUESET_URL,
  TASK_TYPE_VALUESET_URL,
} from '../../constants';

/** Code systems of the example data (the same as the seed data's). */
export const SNOMED_SYSTEM = 'http://snomed.info/sct';
export const LOINC_SYSTEM = 'http://loinc.org';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';
export const STATE_SYSTEM = 'https://www.usps.com/';
export const DEGREE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v2-0360';
export const QUALIFICATION_EXTENSION_URL =
  'http://hl7.org/fhir/us/davinci-pdex-plan-net/StructureDefinition/practitioner-qualification';
const PRODUCT_FHIR_BASE = 'https://carequeue.example.org/fhir';
export const TASK_TYPE_SYSTEM = `${PRODUCT_FHIR_BASE}/CodeSystem/task-type`;
export const BUSINESS_STATUS_SYSTEM = `${PRODUCT_FHIR_BASE}/CodeSystem/business-status`;
export const MRN_SYSTEM = `${PRODUCT_FHIR_BASE}/sid/mrn`;
export const LAB_ACCESSION_SYSTEM = `${PRODUCT_FHIR_BASE}/sid/lab-accession`;
export { BUSINESS_STATUS_VALUESET_URL, PRACTITIONER_ROLE_VALUESET_URL, TASK_TYPE_VALUESET_URL };

export const ROLES = {
  doctor: { code: '158965000', display: 'Doctor' },
  nursePractitioner: { code: '224571005', display: 'Nurse Practitioner' },
  registeredNurse: { code: '224535009', display: 'Registered Nurse' },
  careCoordinator: { code: '768820003', display: 'Care Coordinator' },
  careTeamCoordinator: { code: '768821004', display: 'Care Team Coordinator' },
  medicalBillingSpecialist: { code: '1251542004', display: 'Medical Billing Specialist' },
  qualityAssurance: { code: '56542007', display: 'Quality Assurance' },
  assistant: { code: '449161006', display: 'Assistant' },
} as const;

export type RoleKey = keyof typeof ROLES;

export function roleConcept(role: RoleKey): CodeableConcept {
  const { code, display } = ROLES[role];
  return { coding: [{ system: SNOMED_SYSTEM, code, display }], text: display };
}

export const TASK_TYPES = {
  'respond-to-message': 'Respond to Message',
  'schedule-appointment': 'Schedule Appointment',
  'review-diagnostic-report': 'Review Diagnostic Report',
  'verify-drivers-license': "Verify Driver's License",
} as const;

export type TaskType = keyof typeof TASK_TYPES;

export function taskTypeConcept(type: TaskType): CodeableConcept {
  const display = TASK_TYPES[type];
  return { coding: [{ system: TASK_TYPE_SYSTEM, code: type, display }], text: display };
}

export const BUSINESS_STATUSES = {
  ready: 'Ready',
  'doctor-sign-off-needed': 'Doctor Sign-off Needed',
  'doctor-review-needed': 'Doctor Review Needed',
  'follow-up-needed': 'Follow-up Needed',
} as const;

export type BusinessStatus = keyof typeof BUSINESS_STATUSES;

export function businessStatusConcept(status: BusinessStatus): CodeableConcept {
  const display = BUSINESS_STATUSES[status];
  return { coding: [{ system: BUSINESS_STATUS_SYSTEM, code: status, display }], text: display };
}

export const STATES = { NY: 'New York', CA: 'California', TX: 'Texas' } as const;
export type StateCode = keyof typeof STATES;

export function stateCoding(state: StateCode): Coding {
  return { system: STATE_SYSTEM, code: state, display: STATES[state] };
}

/** A fresh urn:uuid for an entry that others in the same bundle refer to. */
export function newUrn(): string {
  return `urn:uuid:${crypto.randomUUID()}`;
}
