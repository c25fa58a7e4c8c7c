import type { CodeableConcept, Coding } from '@medplum/fhirtypes';
import {
  BUSINESS_STATUSES as BUSINESS_STATUS_NAMES,
  ROLES,
  STATES,
  TASK_TYPES as TASK_TYPE_NAMES,
  type BusinessStatus,
  type RoleKey,
  type TaskType,
} from '@/fhir/product-codes';
import { BUSINESS_STATUS_SYSTEM, SNOMED_SYSTEM, TASK_TYPE_SYSTEM } from './constants';

export type { BusinessStatus, RoleKey, TaskType };

const codesOf = <K extends string>(
  roles: Record<K, { code: string; display: string }>,
  field: 'code' | 'display'
) =>
  Object.fromEntries(
    Object.entries(roles).map(([key, role]) => [key, (role as { code: string; display: string })[field]])
  ) as Record<K, string>;

/** The practitioner roles of the role value set, with their SNOMED CT occupation codes. */
export const ROLE_CODES: Record<RoleKey, string> = codesOf(ROLES, 'code');

export const ROLE_DISPLAYS: Record<RoleKey, string> = codesOf(ROLES, 'display');

export const ROLE_KEYS = Object.keys(ROLE_CODES) as RoleKey[];

export function roleCoding(role: RoleKey): Coding {
  return { system: SNOMED_SYSTEM, code: ROLE_CODES[role], display: ROLE_DISPLAYS[role] };
}

export function roleConcept(role: RoleKey): CodeableConcept {
  return { coding: [roleCoding(role)], text: ROLE_DISPLAYS[role] };
}

export const TASK_TYPES = Object.keys(TASK_TYPE_NAMES) as TaskType[];

export const TASK_TYPE_DISPLAYS: Record<TaskType, string> = TASK_TYPE_NAMES;

export function taskTypeConcept(type: TaskType): CodeableConcept {
  const display = TASK_TYPE_DISPLAYS[type];
  return { coding: [{ system: TASK_TYPE_SYSTEM, code: type, display }], text: display };
}

export const BUSINESS_STATUSES = Object.keys(BUSINESS_STATUS_NAMES) as BusinessStatus[];

export const BUSINESS_STATUS_DISPLAYS: Record<BusinessStatus, string> = BUSINESS_STATUS_NAMES;

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

export const STATE_NAMES: Record<SeedState, string> = STATES;
