import type { Task } from '@medplum/fhirtypes';
import { deriveFields } from '@/db/derive';
import type { StoredResource } from '@/db/types';

export const ME = 'Practitioner/me';
export const DOCTOR = '158965000';
export const NURSE = '224535009';

/** A task as the replica stores it, its queue fields derived; `patientState` as the store would set it. */
export function taskRecord(
  id: string,
  task: Partial<Task> = {},
  extra: Partial<StoredResource> = {}
): StoredResource {
  const resource: Task = { resourceType: 'Task', id, status: 'ready', intent: 'order', ...task };
  return {
    key: `Task/${id}`,
    resourceType: 'Task',
    id,
    resource,
    server: resource,
    pending: 0,
    deleted: 0,
    ...deriveFields(resource),
    ...extra,
  };
}

export function performer(code: string): Task['performerType'] {
  return [{ coding: [{ system: 'http://snomed.info/sct', code }] }];
}

export function due(end: string): Task['restriction'] {
  return { period: { end } };
}
