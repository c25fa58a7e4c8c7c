import type {
  Binary,
  Communication,
  Media,
  Practitioner,
  Reference,
  Resource,
  Task,
} from '@medplum/fhirtypes';
import { ALICE_SMITH_ID, BOB_JONES_ID } from './constants';
import { HOUR_MINUTES, minutesFrom } from './time';

/** Every how-manyth task (by id) has a conversation, and how many have one at most. */
const EVERY_NTH_TASK = 6;
const MAX_DISCUSSED_TASKS = 40;
/** How many of the discussed tasks also carry an attachment. */
const TASKS_WITH_ATTACHMENTS = 6;

const REMARKS = [
  'Called the patient, left a voicemail with the call-back number.',
  'Spoke with the patient; they prefer a morning appointment.',
  'Pharmacy confirmed the refill is ready for pickup.',
  'Insurance needs a prior authorization before this can go ahead.',
  'Lab results reviewed, nothing urgent. Will follow up at the next visit.',
  'Family member asked to be included in the next call.',
  'Patient reports feeling better since the medication change.',
  'Waiting on the referral letter from the specialist.',
];

/** Short text files a clinician might attach: a call note, a reading log. */
const ATTACHMENTS = [
  { title: 'call-notes.txt', text: 'Call 1: no answer.\nCall 2: spoke with patient, agreed on Tuesday.\n' },
  { title: 'bp-readings.csv', text: 'date,systolic,diastolic\n2024-03-01,128,82\n2024-03-02,131,85\n' },
];

const practitioner = (id: string): Reference<Practitioner> => ({ reference: `Practitioner/${id}` });

/** The files' texts are ASCII: one byte a character, in the browser host as in Node. */
function base64(text: string): string {
  return btoa(text);
}

/** Who speaks about a task: its owner when a practitioner owns it, and a colleague. */
function speakers(task: Task): Reference<Practitioner>[] {
  const owner = task.owner?.reference?.startsWith('Practitioner/')
    ? { reference: task.owner.reference }
    : undefined;
  return [owner ?? practitioner(ALICE_SMITH_ID), practitioner(BOB_JONES_ID)];
}

function conversation(task: Task, index: number, now: Date): Communication[] {
  const taskId = task.id ?? '';
  const count = 1 + (index % 3);
  return Array.from(
    { length: count },
    (_, turn): Communication => ({
      resourceType: 'Communication',
      id: `comment-${taskId}-${turn + 1}`,
      status: 'completed',
      // Every fourth conversation has its first remark pinned.
      priority: turn === 0 && index % 4 === 0 ? 'stat' : 'routine',
      basedOn: [{ reference: `Task/${taskId}` }],
      ...(task.for?.reference?.startsWith('Patient/') ? { subject: { reference: task.for.reference } } : {}),
      sender: speakers(task)[turn % 2],
      sent: minutesFrom(now, -((index + 1) * HOUR_MINUTES + (count - turn) * 20)),
      payload: [{ contentString: REMARKS[(index + turn) % REMARKS.length] ?? '' }],
    })
  );
}

function attachment(task: Task, index: number, now: Date): [Binary, Media] {
  const taskId = task.id ?? '';
  const file = ATTACHMENTS[index % ATTACHMENTS.length] ?? ATTACHMENTS[0];
  const contentType = file?.title.endsWith('.csv') ? 'text/csv' : 'text/plain';
  const binary: Binary = {
    resourceType: 'Binary',
    id: `binary-${taskId}`,
    contentType,
    data: base64(file?.text ?? ''),
  };
  const media: Media = {
    resourceType: 'Media',
    id: `media-${taskId}`,
    status: 'completed',
    partOf: [{ reference: `Task/${taskId}` }],
    ...(task.for?.reference?.startsWith('Patient/') ? { subject: { reference: task.for.reference } } : {}),
    operator: speakers(task)[0],
    createdDateTime: minutesFrom(now, -((index + 1) * HOUR_MINUTES)),
    content: {
      contentType,
      url: `Binary/${binary.id ?? ''}`,
      title: file?.title,
      size: (file?.text ?? '').length,
    },
  };
  return [binary, media];
}

/**
 * The project's resources with conversations about some of its tasks: comments (Communication based
 * on the task, some pinned) and, on a few, a text file attached (a Binary and the Media naming it).
 */
export function withComments(resources: Resource[], now: Date): Resource[] {
  const tasks = resources
    .filter((resource): resource is Task => resource.resourceType === 'Task' && !!resource.id)
    .sort((a, b) => (a.id ?? '').localeCompare(b.id ?? ''))
    .filter((_, index) => index % EVERY_NTH_TASK === 0)
    .slice(0, MAX_DISCUSSED_TASKS);
  const added = tasks.flatMap((task, index): Resource[] => [
    ...conversation(task, index, now),
    ...(index < TASKS_WITH_ATTACHMENTS ? attachment(task, index, now) : []),
  ]);
  return [...resources, ...added];
}
