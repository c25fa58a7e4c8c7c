import type { ValueSet } from '@medplum/fhirtypes';
import {
  BUSINESS_STATUS_SYSTEM,
  BUSINESS_STATUS_VALUESET_URL,
  BUSINESS_STATUSES,
  PRACTITIONER_ROLE_VALUESET_URL,
  ROLES,
  SNOMED_SYSTEM,
  TASK_TYPE_SYSTEM,
  TASK_TYPE_VALUESET_URL,
  TASK_TYPES,
} from './codes';

function valueSet(
  id: string,
  url: string,
  name: string,
  title: string,
  description: string,
  system: string,
  concepts: { code: string; display: string }[]
): ValueSet {
  return {
    resourceType: 'ValueSet',
    id,
    url,
    name,
    title,
    description,
    status: 'active',
    compose: { include: [{ system, concept: concepts }] },
    expansion: {
      timestamp: '2024-01-01T00:00:00.000Z',
      total: concepts.length,
      contains: concepts.map((concept) => ({ system, ...concept })),
    },
  };
}

const entries = (record: Record<string, string>) =>
  Object.entries(record).map(([code, display]) => ({ code, display }));

/** The business status value set: where a task stands in the clinical workflow. */
export const BUSINESS_STATUS_VALUESET = valueSet(
  'valueset-business-status',
  BUSINESS_STATUS_VALUESET_URL,
  'BusinessStatus',
  'Task business status',
  'Where a task stands in the clinical workflow, independent of its FHIR status.',
  BUSINESS_STATUS_SYSTEM,
  entries(BUSINESS_STATUSES)
);

/** The practitioner role value set: the roles whose queues tasks can be assigned to. */
export const PRACTITIONER_ROLE_VALUESET = valueSet(
  'valueset-practitioner-role',
  PRACTITIONER_ROLE_VALUESET_URL,
  'PractitionerRoleCodes',
  'Practitioner role',
  'The roles whose queues tasks can be assigned to.',
  SNOMED_SYSTEM,
  Object.values(ROLES).map(({ code, display }) => ({ code, display }))
);

/** The task type value set. */
export const TASK_TYPE_VALUESET = valueSet(
  'valueset-task-type',
  TASK_TYPE_VALUESET_URL,
  'TaskType',
  'Task type',
  'The kinds of work item staff handle in CareQueue.',
  TASK_TYPE_SYSTEM,
  entries(TASK_TYPES)
);

/** The core value sets, each with a url and an id (the seed data has the same). */
export const CORE_VALUESETS: ValueSet[] = [
  BUSINESS_STATUS_VALUESET,
  PRACTITIONER_ROLE_VALUESET,
  TASK_TYPE_VALUESET,
];
