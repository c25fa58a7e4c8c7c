import type { Organization, Practitioner, Reference, Resource, Schedule } from '@medplum/fhirtypes';
import type { SeedTaskStatus, TaskType } from './codes';
import { buildLicenseDocument } from './documents';
import { LAB_PANELS } from './lab-panels';
import { MESSAGE_SCRIPTS } from './message-scripts';
import { buildThread } from './messages';
import type { SeedPatient } from './patients';
import { practitionerRef, type PractitionerSpec } from './practitioners';
import type { Random } from './random';
import { buildReport } from './reports';
import { APPOINTMENT_REASONS } from './task-texts';
import { DAY_MINUTES, HOUR_MINUTES, minutesBetween } from './time';

export interface FocusContext {
  rng: Random;
  now: Date;
  idPrefix: string;
  lab: Reference<Organization>;
  /** Clinicians who answer messages and sign reports when the task has no owner. */
  clinicians: readonly PractitionerSpec[];
  doctors: readonly PractitionerSpec[];
  schedules: readonly Schedule[];
}

export interface TaskFocus {
  focus: Reference;
  /** Resources created for this task (the thread and its messages, a report and its results, ...). */
  resources: Resource[];
  description: string;
  /** When the task was created, as minutes before now. */
  authoredMinutesAgo: number;
}

export interface FocusRequest {
  type: TaskType;
  status: SeedTaskStatus;
  number: string;
  patient: SeedPatient;
  owner: PractitionerSpec | undefined;
}

function reference(resource: Resource, display: string): Reference {
  return { reference: `${resource.resourceType}/${resource.id}`, display };
}

function messageFocus(ctx: FocusContext, request: FocusRequest): TaskFocus {
  const { rng, now } = ctx;
  const clinician = request.owner ?? rng.pick(ctx.clinicians);
  const script = rng.pick(MESSAGE_SCRIPTS);
  const seeded = buildThread({
    rng,
    now,
    id: `${ctx.idPrefix}communication-thread-${request.number}`,
    patient: request.patient,
    clinician,
    script,
    state: request.status === 'completed' ? 'answered' : 'awaiting-reply',
  });
  // The bot raises the task 30 to 45 minutes after the patient's unanswered message.
  const patientMessages = seeded.messages.filter((message) =>
    message.sender?.reference?.startsWith('Patient/')
  );
  const trigger =
    request.status === 'completed' ? patientMessages[0] : patientMessages[patientMessages.length - 1];
  const triggerAge = minutesBetween(trigger?.sent ?? seeded.lastSent, now.toISOString());
  return {
    focus: reference(seeded.thread, script.topic),
    resources: [seeded.thread, ...seeded.messages],
    description: `Reply to ${request.patient.ref.display} about "${script.topic}"`,
    authoredMinutesAgo: Math.max(1, Math.round(triggerAge) - rng.int(30, 45)),
  };
}

function reportFocus(ctx: FocusContext, request: FocusRequest): TaskFocus {
  const { rng } = ctx;
  const panel = rng.pick(LAB_PANELS);
  const issuedMinutesAgo = rng.int(2 * HOUR_MINUTES, 14 * DAY_MINUTES);
  const signer: Reference<Practitioner> = practitionerRef(request.owner ?? rng.pick(ctx.doctors));
  const seeded = buildReport({
    rng,
    now: ctx.now,
    id: `${ctx.idPrefix}diagnosticreport-${request.number}`,
    patient: request.patient,
    panel,
    status: request.status === 'completed' ? 'final' : 'preliminary',
    lab: ctx.lab,
    interpreter: signer,
    issuedMinutesAgo,
  });
  return {
    focus: reference(seeded.report, panel.title),
    resources: [seeded.report, ...seeded.specimens, ...seeded.observations],
    description: `Review ${panel.title} results for ${request.patient.ref.display}`,
    // Raised by the review-report bot as the preliminary report arrives.
    authoredMinutesAgo: Math.max(1, issuedMinutesAgo - rng.int(0, 5)),
  };
}

function scheduleFocus(ctx: FocusContext, request: FocusRequest): TaskFocus {
  const { rng } = ctx;
  const schedule = rng.pick(ctx.schedules);
  const actor = schedule.actor[0]?.display ?? 'the care team';
  return {
    focus: reference(schedule, schedule.comment ?? 'Schedule'),
    resources: [],
    description: `Schedule ${rng.pick(APPOINTMENT_REASONS)} for ${request.patient.ref.display} with ${actor}`,
    authoredMinutesAgo: rng.int(HOUR_MINUTES, 21 * DAY_MINUTES),
  };
}

function licenseFocus(ctx: FocusContext, request: FocusRequest): TaskFocus {
  const { rng } = ctx;
  const uploadedMinutesAgo = rng.int(HOUR_MINUTES, 21 * DAY_MINUTES);
  const document = buildLicenseDocument(
    `${ctx.idPrefix}documentreference-license-${request.number}`,
    request.patient,
    uploadedMinutesAgo,
    ctx.now
  );
  return {
    focus: reference(document, "Driver's license"),
    resources: [document],
    description: `Verify the ${request.patient.state} driver's license of ${request.patient.ref.display}`,
    authoredMinutesAgo: Math.max(1, uploadedMinutesAgo - rng.int(1, 10)),
  };
}

/** The resource a task works on, built to match the task: a thread, a report, a calendar or a photo. */
export function buildFocus(ctx: FocusContext, request: FocusRequest): TaskFocus {
  switch (request.type) {
    case 'respond-to-message':
      return messageFocus(ctx, request);
    case 'review-diagnostic-report':
      return reportFocus(ctx, request);
    case 'schedule-appointment':
      return scheduleFocus(ctx, request);
    case 'verify-drivers-license':
      return licenseFocus(ctx, request);
  }
}
