import type { Bundle, BundleEntry, Communication, Practitioner, Reference } from '@medplum/fhirtypes';
import { newUrn } from './codes';
import { patientEntry, type PatientEntry } from './patients';

type Sender = 'patient' | 'staff';

interface ThreadSpec {
  topic: string;
  patient: PatientEntry;
  /** Oldest first: who wrote, how many minutes before the upload, what. */
  messages: [Sender, number, string][];
}

/**
 * Four message threads between the example patients and the signed-in practitioner:
 * - one the practitioner answered earlier, where the patient wrote again an hour ago
 *   (the bot gives it to the practitioner),
 * - one nobody answered for 45 minutes (the bot puts it in the Care Coordinator queue),
 * - one the practitioner answered last (nothing to do),
 * - one the patient sent five minutes ago (due once 30 minutes have passed).
 */
export function exampleMessagesBundle(now: Date, practitioner: Reference<Practitioner>): Bundle {
  const ny = patientEntry('ny');
  const ca = patientEntry('ca');
  const tx = patientEntry('tx');
  const threads: ThreadSpec[] = [
    {
      topic: 'Prescription Refill',
      patient: ny,
      messages: [
        ['patient', 240, 'Hi, I am almost out of my lisinopril. Could you send a refill to my pharmacy?'],
        ['staff', 220, 'Of course. Is it still the pharmacy on Lark Street?'],
        ['patient', 60, 'Yes, the same one. Thank you!'],
      ],
    },
    {
      topic: 'Lab test results',
      patient: ca,
      messages: [
        [
          'patient',
          45,
          'I saw my cholesterol results in the portal. Should I be worried about the LDL number?',
        ],
      ],
    },
    {
      topic: 'Schedule a Physical',
      patient: tx,
      messages: [
        ['patient', 300, 'I would like to book my annual physical sometime next month.'],
        ['staff', 280, 'Sure. We have openings on the 12th and the 19th in the morning. Which suits you?'],
      ],
    },
    {
      topic: 'Side effects',
      patient: ca,
      messages: [
        ['patient', 5, 'Since starting the new medication I have had a mild headache in the afternoons.'],
      ],
    },
  ];
  const entries: BundleEntry[] = [ny.entry, ca.entry, tx.entry];
  for (const spec of threads) {
    const threadUrl = newUrn();
    const header: Communication = {
      resourceType: 'Communication',
      status: 'in-progress',
      subject: spec.patient.ref,
      topic: { text: spec.topic },
      recipient: [spec.patient.ref, practitioner],
    };
    entries.push({ fullUrl: threadUrl, request: { method: 'POST', url: 'Communication' }, resource: header });
    for (const [sender, minutesAgo, text] of spec.messages) {
      const fromPatient = sender === 'patient';
      const message: Communication = {
        resourceType: 'Communication',
        status: 'in-progress',
        partOf: [{ reference: threadUrl, display: spec.topic }],
        subject: spec.patient.ref,
        sender: fromPatient ? spec.patient.ref : practitioner,
        recipient: [fromPatient ? practitioner : spec.patient.ref],
        payload: [{ contentString: text }],
        sent: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
      };
      entries.push({ request: { method: 'POST', url: 'Communication' }, resource: message });
    }
  }
  return { resourceType: 'Bundle', type: 'transaction', entry: entries };
}
