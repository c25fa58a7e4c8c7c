import type { DocumentReference, Schedule } from '@medplum/fhirtypes';
import { LICENSE_IMAGE_BASE_URL } from './constants';
import type { SeedPatient } from './patients';
import { practitionerRef, type PractitionerSpec } from './practitioners';
import { DAY_MINUTES, minutesFrom } from './time';

/** A clinician's bookable calendar for the next month. */
export function buildSchedule(id: string, spec: PractitionerSpec, service: string, now: Date): Schedule {
  return {
    resourceType: 'Schedule',
    id,
    active: true,
    serviceType: [{ text: service }],
    actor: [practitionerRef(spec)],
    planningHorizon: { start: minutesFrom(now, -DAY_MINUTES), end: minutesFrom(now, 30 * DAY_MINUTES) },
    comment: `${service} with ${spec.prefix ? `${spec.prefix} ` : ''}${spec.given} ${spec.family}`,
  };
}

/** A photo of a patient's driver's license, uploaded for identity verification. */
export function buildLicenseDocument(
  id: string,
  patient: SeedPatient,
  uploadedMinutesAgo: number,
  now: Date
): DocumentReference {
  const fileName = `${patient.resource.id ?? id}-front.jpg`;
  return {
    resourceType: 'DocumentReference',
    id,
    status: 'current',
    docStatus: 'final',
    type: { text: "Driver's license" },
    category: [{ text: 'Identity document' }],
    subject: patient.ref,
    date: minutesFrom(now, -uploadedMinutesAgo),
    description: `${patient.state} driver's license, front`,
    content: [
      {
        attachment: {
          contentType: 'image/jpeg',
          url: `${LICENSE_IMAGE_BASE_URL}/${fileName}`,
          title: fileName,
        },
      },
    ],
  };
}
