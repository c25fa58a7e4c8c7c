import type { CodeableConcept, Coding } from '@medplum/fhirtypes';
import { BUSINESS_STATUS_SYSTEM, SNOMED_SYSTEM, STATE_SYSTEM, TASK_TYPE_SYSTEM } from './constants';

/** The practitioner roles of the role value set, with their SNOMED CT occupation codes. */
export const ROLE_CODES = {
  doctor: '158965000',
  nursePractitioner: '224571005',
  registeredNurse: '224535009',
  careCoordinator: '768820003',
  careTeamCoordinator: '768821004',
  /** SNOMED CT "Medical coder"; the closest occupation to a billing specialist. */
  medicalBillingSpecialist: '1251542004',
  /** SNOMED CT "Medical record administrator"; the closest occupation to quality assurance staff. */
  qualityAssurance: '56542007',
  /** SNOMED CT "Physician assistant". */
  assistant: '449161006',
} as const;

export type RoleKey = keyof typeof ROLE_CODES;

export const ROLE_DISPLAYS: Record<RoleKey, string> = {
  doctor: 'Doctor',
  nursePractitioner: 'Nurse Practitioner',
  registeredNurse: 'Registered Nurse',
  careCoordinator: 'Care Coordinator',
  careTeamCoordinator: 'Care Team Coordinator',
  medicalBillingSpecialist: 'Medical Billing Specialist',
  qualityAssurance: 'Quality Assurance',
  assistant: 'Assistant',
};

export const ROLE_KEYS = Object.keys(ROLE_CODES) as RoleKey[];

export function roleCoding(role: RoleKey): Coding {
  return { system: SNOMED_SYSTEM, code: ROLE_CODES[role], display: ROLE_DISPLAYS[role] };
}

export function roleConcept(role: RoleKey): CodeableConcept {
  return { coding: [roleCoding(role)], text: ROLE_DISPLAYS[role] };
}

export const TASK_TYPES = [
  'respond-to-message',
  'schedule-appointment',
  'review-diagnostic-report',
  'verify-drivers-license',
] as const;

export type TaskType = (typeof TASK_TYPES)[number];

export const TASK_TYPE_DISPLAYS: Record<TaskType, string> = {
  'respond-to-message': 'Respond to Message',
  'schedule-appointment': 'Schedule Appointment',
  'review-diagnostic-report': 'Review Diagnostic Report',
  'verify-drivers-license': "Verify Driver's License",
};

export function taskTypeConcept(type: TaskType): CodeableConcept {
  const display = TASK_TYPE_DISPLAYS[type];
  return { coding: [{ system: TASK_TYPE_SYSTEM, code: type, display }], text: display };
}

export const BUSINESS_STATUSES = [
  'ready',
  'doctor-sign-off-needed',
  'doctor-review-needed',
  'follow-up-needed',
] as const;

export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

export const BUSINESS_STATUS_DISPLAYS: Record<BusinessStatus, string> = {
  ready: 'Ready',
  'doctor-sign-off-needed': 'Doctor Sign-off Needed',
  'doctor-review-needed': 'Doctor Review Needed',
  'follow-up-needed': 'Follow-up Needed',
};

export function businessStatusConcept(status: BusinessStatus): CodeableConcept {
  const display = BUSINESS_STATUS_DISPLAYS[status];
  return { coding: [{ system: BUSINESS_STATUS_SYSTEM, code: status, display }], text: display };
}

export const TASK_STATUSES = ['ready', 'in-progress', 'on-hold', 'completed'] as const;
export type SeedTaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ['routine', 'urgent', 'asap', 'stat'] as const;
export type SeedTaskPriority = (typeof TASK_PRIORITIES)[number];

export const SEED_STATES = ['NY', 'CA', 'TX'] as const;
export type SeedState = (typeof SEED_STATES)[number];

export const STATE_NAMES: Record<SeedState, string> = { NY: 'New York', CA: 'California', TX: 'Texas' };

export function stateConcept(state: SeedState): CodeableConcept {
  return { coding: [{ system: STATE_SYSTEM, code: state, display: STATE_NAMES[state] }] };
}
