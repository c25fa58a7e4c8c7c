import type {
  Bundle,
  BundleEntry,
  Communication,
  DiagnosticReport,
  DocumentReference,
  Practitioner,
  Reference,
  Resource,
  Schedule,
  Task,
} from '@medplum/fhirtypes';
import {
  businessStatusConcept,
  LOINC_SYSTEM,
  newUrn,
  roleConcept,
  taskTypeConcept,
  type BusinessStatus,
  type RoleKey,
  type TaskType,
} from './codes';
import { patientEntry } from './patients';

const DAY_MS = 24 * 60 * 60 * 1000;

function created<T extends Resource>(resource: T): { entry: BundleEntry<T>; ref: Reference<T> } {
  const fullUrl = newUrn();
  return {
    entry: { fullUrl, request: { method: 'POST', url: resource.resourceType }, resource },
    ref: { reference: fullUrl } as Reference<T>,
  };
}

interface TaskSpec {
  type: TaskType;
  patient: Reference;
  focus: Reference;
  priority: Task['priority'];
  status?: BusinessStatus;
  role?: RoleKey;
  owner?: Reference<Practitioner>;
  dueInDays: number;
  note?: string;
}

/**
 * Example tasks of all four types for the user's project, with the patients (one per state) and the
 * reports, threads, schedules and documents they focus on, all created in one transaction.
 */
export function exampleTasksBundle(now: Date, profile: Reference<Practitioner>): Bundle {
  const ny = patientEntry('ny');
  const ca = patientEntry('ca');
  const tx = patientEntry('tx');
  const report = created<DiagnosticReport>({
    resourceType: 'DiagnosticReport',
    status: 'preliminary',
    code: {
      coding: [{ system: LOINC_SYSTEM, code: '57698-3', display: 'Lipid panel' }],
      text: 'Lipid panel',
    },
    subject: ny.ref,
    effectiveDateTime: new Date(now.getTime() - DAY_MS).toISOString(),
    issued: now.toISOString(),
  });
  const thread = created<Communication>({
    resourceType: 'Communication',
    status: 'in-progress',
    subject: ca.ref,
    topic: { text: 'Prescription Refill' },
  });
  const schedule = created<Schedule>({
    resourceType: 'Schedule',
    active: true,
    actor: [profile],
    comment: 'Follow-up visits',
  });
  const license = created<DocumentReference>({
    resourceType: 'DocumentReference',
    status: 'current',
    docStatus: 'final',
    type: { text: "Driver's license" },
    category: [{ text: 'Identity document' }],
    subject: tx.ref,
    content: [
      {
        attachment: {
          contentType: 'image/png',
          url: 'https://images.carequeue.example.org/drivers-license/grace-whitfield.png',
        },
      },
    ],
  });
  const specs: TaskSpec[] = [
    {
      type: 'review-diagnostic-report',
      patient: ny.ref,
      focus: report.ref,
      priority: 'urgent',
      role: 'doctor',
      dueInDays: 1,
      status: 'doctor-review-needed',
    },
    {
      type: 'schedule-appointment',
      patient: ny.ref,
      focus: schedule.ref,
      priority: 'routine',
      role: 'doctor',
      dueInDays: 7,
    },
    {
      type: 'respond-to-message',
      patient: ca.ref,
      focus: thread.ref,
      priority: 'asap',
      role: 'careCoordinator',
      dueInDays: 1,
    },
    {
      type: 'schedule-appointment',
      patient: ca.ref,
      focus: schedule.ref,
      priority: 'routine',
      owner: profile,
      dueInDays: 3,
      note: 'Patient prefers morning appointments.',
    },
    {
      type: 'verify-drivers-license',
      patient: tx.ref,
      focus: license.ref,
      priority: 'routine',
      role: 'registeredNurse',
      dueInDays: 5,
    },
    {
      type: 'review-diagnostic-report',
      patient: tx.ref,
      focus: report.ref,
      priority: 'stat',
      role: 'doctor',
      dueInDays: 0,
      status: 'doctor-sign-off-needed',
    },
  ];
  const tasks: BundleEntry<Task>[] = specs.map((spec) => ({
    request: { method: 'POST', url: 'Task' },
    resource: {
      resourceType: 'Task',
      status: 'ready',
      intent: 'order',
      priority: spec.priority,
      code: taskTypeConcept(spec.type),
      focus: spec.focus,
      for: spec.patient,
      authoredOn: now.toISOString(),
      businessStatus: businessStatusConcept(spec.status ?? 'ready'),
      restriction: { period: { end: new Date(now.getTime() + spec.dueInDays * DAY_MS).toISOString() } },
      ...(spec.role ? { performerType: [roleConcept(spec.role)] } : {}),
      ...(spec.owner ? { owner: spec.owner } : {}),
      ...(spec.note
        ? { note: [{ text: spec.note, authorReference: profile, time: now.toISOString() }] }
        : {}),
    },
  }));
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      ny.entry,
      ca.entry,
      tx.entry,
      report.entry,
      thread.entry,
      schedule.entry,
      license.entry,
      ...tasks,
    ],
  };
}
