import type { CodeableConcept, Coding } from '@medplum/fhirtypes';
import {
  BUSINESS_STATUSES,
  BUSINESS_STATUS_SYSTEM,
  ROLES,
  SNOMED_SYSTEM,
  STATES,
  STATE_SYSTEM,
  TASK_TYPES,
  TASK_TYPE_SYSTEM,
  type BusinessStatus,
  type RoleKey,
  type StateCode,
  type TaskType,
} from '@/fhir/product-codes';

export * from '@/fhir/product-codes';

export function roleConcept(role: RoleKey): CodeableConcept {
  const { code, display } = ROLES[role];
  return { coding: [{ system: SNOMED_SYSTEM, code, display }], text: display };
}

export function taskTypeConcept(type: TaskType): CodeableConcept {
  const display = TASK_TYPES[type];
  return { coding: [{ system: TASK_TYPE_SYSTEM, code: type, display }], text: display };
}

export function businessStatusConcept(status: BusinessStatus): CodeableConcept {
  const display = BUSINESS_STATUSES[status];
  return { coding: [{ system: BUSINESS_STATUS_SYSTEM, code: status, display }], text: display };
}

export function stateCoding(state: StateCode): Coding {
  return { system: STATE_SYSTEM, code: state, display: STATES[state] };
}

/** A fresh urn:uuid for an entry that others in the same bundle refer to. */
export function newUrn(): string {
  return `urn:uuid:${crypto.randomUUID()}`;
}
