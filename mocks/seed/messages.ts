import type { Communication, Patient, Practitioner, Reference } from '@medplum/fhirtypes';
import type { MessageScript } from './message-scripts';
import type { SeedPatient } from './patients';
import { practitionerRef, type PractitionerSpec } from './practitioners';
import type { Random } from './random';
import { DAY_MINUTES, HOUR_MINUTES, minutesFrom } from './time';

/**
 * answered: the care team wrote last.
 * awaiting-reply: the patient wrote last, more than an hour ago (past the 30-minute window).
 * just-sent: the patient wrote last, a few minutes ago (still inside the window).
 */
export type ThreadState = 'answered' | 'awaiting-reply' | 'just-sent';

export interface ThreadOptions {
  rng: Random;
  now: Date;
  id: string;
  patient: SeedPatient;
  clinician: PractitionerSpec;
  script: MessageScript;
  state: ThreadState;
}

export interface SeedThread {
  thread: Communication;
  messages: Communication[];
  state: ThreadState;
  /** When the newest message was sent. */
  lastSent: string;
}

function signature(spec: PractitionerSpec): string {
  if (spec.degree === 'MD') {
    return `– Dr. ${spec.family}`;
  }
  return spec.degree ? `– ${spec.given}, ${spec.degree}` : `– ${spec.given}, Care Team`;
}

function messageCount(rng: Random, state: ThreadState): number {
  return state === 'answered' ? rng.pick([2, 4, 4, 6]) : rng.pick([3, 3, 5]);
}

/** Minutes before now of the newest message. */
function lastMessageAge(rng: Random, state: ThreadState): number {
  switch (state) {
    case 'answered':
      return rng.int(2 * HOUR_MINUTES, 4 * DAY_MINUTES);
    case 'awaiting-reply':
      return rng.int(HOUR_MINUTES, 3 * DAY_MINUTES);
    case 'just-sent':
      return rng.int(3, 20);
  }
}

/** A thread header (no partOf) and its messages, oldest first. */
export function buildThread(options: ThreadOptions): SeedThread {
  const { rng, now, patient, clinician, script, state } = options;
  const count = messageCount(rng, state);
  const staffRef: Reference<Practitioner> = practitionerRef(clinician);
  const patientRef: Reference<Patient> = patient.ref;
  const threadRef: Reference<Communication> = {
    reference: `Communication/${options.id}`,
    display: script.topic,
  };

  // Walk back from the newest message; replies come minutes to hours apart.
  const ages: number[] = [lastMessageAge(rng, state)];
  for (let i = 1; i < count; i++) {
    ages.unshift((ages[0] ?? 0) + rng.int(8, 9 * HOUR_MINUTES));
  }

  const messages: Communication[] = ages.map((age, index) => {
    const fromPatient = index % 2 === 0;
    const text = (script.lines[index] ?? '')
      .replace('{first}', patient.given)
      .replace('{staff}', signature(clinician));
    return {
      resourceType: 'Communication',
      id: `${options.id}-message-${index + 1}`,
      status: 'in-progress',
      partOf: [threadRef],
      subject: patient.ref,
      sender: fromPatient ? patientRef : staffRef,
      recipient: [fromPatient ? staffRef : patientRef],
      payload: [{ contentString: text }],
      sent: minutesFrom(now, -age),
    };
  });

  const thread: Communication = {
    resourceType: 'Communication',
    id: options.id,
    status: 'in-progress',
    subject: patient.ref,
    topic: { text: script.topic },
    recipient: [patientRef, staffRef],
  };
  const lastSent = messages[messages.length - 1]?.sent ?? minutesFrom(now, 0);
  return { thread, messages, state, lastSent };
}
