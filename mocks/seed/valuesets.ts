import type { Coding, ValueSet } from '@medplum/fhirtypes';
import {
  BUSINESS_STATUS_DISPLAYS,
  BUSINESS_STATUSES,
  ROLE_KEYS,
  roleCoding,
  TASK_TYPE_DISPLAYS,
  TASK_TYPES,
} from './codes';
import {
  BUSINESS_STATUS_SYSTEM,
  BUSINESS_STATUS_VALUESET_URL,
  PRACTITIONER_ROLE_VALUESET_URL,
  SNOMED_SYSTEM,
  TASK_TYPE_SYSTEM,
  TASK_TYPE_VALUESET_URL,
} from './constants';

interface ValueSetSpec {
  id: string;
  url: string;
  name: string;
  title: string;
  description: string;
  system: string;
  codings: Coding[];
}

function valueSet(spec: ValueSetSpec, idPrefix: string, timestamp: string): ValueSet {
  const concepts = spec.codings.map((coding) => ({ code: coding.code ?? '', display: coding.display }));
  return {
    resourceType: 'ValueSet',
    id: `${idPrefix}${spec.id}`,
    url: spec.url,
    name: spec.name,
    title: spec.title,
    description: spec.description,
    status: 'active',
    compose: { include: [{ system: spec.system, concept: concepts }] },
    expansion: {
      timestamp,
      total: concepts.length,
      contains: concepts.map((concept) => ({ system: spec.system, ...concept })),
    },
  };
}

const SPECS: ValueSetSpec[] = [
  {
    id: 'valueset-business-status',
    url: BUSINESS_STATUS_VALUESET_URL,
    name: 'BusinessStatus',
    title: 'Task business status',
    description: 'Where a task stands in the clinical workflow, independent of its FHIR status.',
    system: BUSINESS_STATUS_SYSTEM,
    codings: BUSINESS_STATUSES.map((code) => ({ code, display: BUSINESS_STATUS_DISPLAYS[code] })),
  },
  {
    id: 'valueset-practitioner-role',
    url: PRACTITIONER_ROLE_VALUESET_URL,
    name: 'PractitionerRoleCodes',
    title: 'Practitioner role',
    description: 'The roles whose queues tasks can be assigned to.',
    system: SNOMED_SYSTEM,
    codings: ROLE_KEYS.map(roleCoding),
  },
  {
    id: 'valueset-task-type',
    url: TASK_TYPE_VALUESET_URL,
    name: 'TaskType',
    title: 'Task type',
    description: 'The kinds of work item staff handle in CareQueue.',
    system: TASK_TYPE_SYSTEM,
    codings: TASK_TYPES.map((code) => ({ code, display: TASK_TYPE_DISPLAYS[code] })),
  },
];

/** The core value sets: business status, practitioner role and task type. */
export function buildValueSets(idPrefix: string, now: Date): ValueSet[] {
  const timestamp = now.toISOString();
  return SPECS.map((spec) => valueSet(spec, idPrefix, timestamp));
}
