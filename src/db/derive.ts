import type { Patient, Resource, Task } from '@medplum/fhirtypes';
import type { StoredResource } from './types';

const PRIORITY_ORDER: Record<string, number> = { stat: 50, asap: 40, urgent: 30, routine: 20 };

/** Medplum's priority-order: stat 50, asap 40, urgent 30, routine 20, anything else 10. */
export function priorityOrder(priority: string | undefined): number {
  return PRIORITY_ORDER[priority ?? ''] ?? 10;
}

/** The state of a patient's first address that has one. */
export function patientStateOf(patient: Resource | undefined): string | undefined {
  if (patient?.resourceType !== 'Patient') return undefined;
  return (patient as Patient).address?.find((address) => address.state)?.state;
}

type QueueFields = Pick<
  StoredResource,
  'lastUpdated' | 'owner' | 'status' | 'performer' | 'patient' | 'priorityOrder' | 'dueDate'
>;

/** The indexed fields of a record, from its resource; `patientState` is filled by the store. */
export function deriveFields(resource: Resource): QueueFields {
  const lastUpdated = resource.meta?.lastUpdated ?? '';
  if (resource.resourceType !== 'Task') return { lastUpdated };
  const task = resource as Task;
  const patient = task.for?.reference?.startsWith('Patient/') ? task.for.reference : undefined;
  return {
    lastUpdated,
    owner: task.owner?.reference ?? '',
    status: task.status,
    performer: (task.performerType ?? [])
      .flatMap((type) => type.coding ?? [])
      .flatMap((c) => (c.code ? [c.code] : [])),
    patient,
    priorityOrder: priorityOrder(task.priority),
    dueDate: task.restriction?.period?.end ?? '',
  };
}

/** A server version as the replica keeps it: nothing pending here, queue fields derived. */
export function serverRecord(resource: Resource): StoredResource {
  return {
    key: `${resource.resourceType}/${resource.id ?? ''}`,
    resourceType: resource.resourceType,
    id: resource.id ?? '',
    resource,
    server: resource,
    pending: 0,
    deleted: 0,
    ...deriveFields(resource),
  };
}

/**
 * Server versions as records, each task's patientState taken from the patients among them: the
 * rows a store would hold, for readers that keep records in memory (tests, tools, benches).
 */
export function serverRecords(resources: readonly Resource[]): StoredResource[] {
  const patients = new Map(
    resources.filter((r) => r.resourceType === 'Patient').map((r) => [`Patient/${r.id}`, r])
  );
  return resources.map((resource) => {
    const record = serverRecord(resource);
    if (record.patient) record.patientState = patientStateOf(patients.get(record.patient));
    return record;
  });
}
