import type { Patient, Resource, Task } from '@medplum/fhirtypes';
import { withQueueKeys } from './queue-keys';
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

/** The state a patient's record gives its tasks: none once deleted here, as no search reaches it then. */
export function recordState(patient: StoredResource | undefined): string | undefined {
  return patient?.deleted === 1 ? undefined : patientStateOf(patient?.resource);
}

/**
 * A record as a store keeps it: the queue fields derived from `resource`, the state of its patient
 * (read with `patientOf`; cleared when it names none, so a task moved off a patient leaves its state
 * queue) and its queue entries.
 */
export async function storedForm(
  record: StoredResource,
  patientOf: (key: string) => Promise<StoredResource | undefined> | StoredResource | undefined
): Promise<StoredResource> {
  const derived = withDerivedFields(record);
  derived.patientState = derived.patient ? recordState(await patientOf(derived.patient)) : undefined;
  return withQueueKeys(derived);
}

/** The patient a resource names as a task's Task.for, as the record's `patient` field holds it. */
function patientOfResource(resource: Resource): string | undefined {
  return deriveFields(resource).patient;
}

/**
 * The patients the tasks of a batch point at that the batch does not hold: what a store reads
 * before it derives the batch's stored forms.
 */
export function patientsOutside(records: readonly StoredResource[]): string[] {
  const inBatch = new Set(records.map((record) => record.key));
  const wanted = new Set<string>();
  for (const record of records) {
    const patient = patientOfResource(record.resource);
    if (patient && !inBatch.has(patient)) wanted.add(patient);
  }
  return [...wanted];
}

/**
 * A batch as a store keeps it, as if each record were stored in turn (the last record of a key
 * wins): each task's patient state from the batch's own record of its patient, else from `held`.
 */
export function storedForms(
  records: readonly StoredResource[],
  held: (key: string) => StoredResource | undefined
): StoredResource[] {
  const latest = new Map(records.map((record) => [record.key, record]));
  return [...latest.values()].map((record) => {
    const derived = withDerivedFields(record);
    derived.patientState = derived.patient
      ? recordState(latest.get(derived.patient) ?? held(derived.patient))
      : undefined;
    return withQueueKeys(derived);
  });
}

/**
 * A copy of the record's top level with its queue fields derived again. Object.assign rather than
 * spreading both: V8 builds the spread of two objects of different shapes several times slower.
 */
function withDerivedFields(record: StoredResource): StoredResource {
  return Object.assign({}, record, deriveFields(record.resource));
}

/** A task given its patient's new state, with its queue entries again (changes `task`). */
export function withPatientState(task: StoredResource, state: string | undefined): StoredResource {
  if (state === undefined) delete task.patientState;
  else task.patientState = state;
  return withQueueKeys(task);
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
    return withQueueKeys(record);
  });
}
