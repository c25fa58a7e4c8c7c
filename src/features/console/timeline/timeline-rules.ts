import type { Attachment, Communication, Media, Patient, Reference, Resource } from '@medplum/fhirtypes';
import type { Operation } from 'fast-json-patch';

/** How far up the timeline a priority lifts an item: stat (pinned) first, then asap, then urgent. */
export const PRIORITY_WEIGHT: Readonly<Record<string, number>> = { stat: 4, asap: 3, urgent: 2 };

/** The priority a pinned comment has, and the one unpinning gives back. */
export const PINNED_PRIORITY = 'stat';
export const UNPINNED_PRIORITY = 'routine';

function priorityOf(resource: Resource): string | undefined {
  return 'priority' in resource && typeof resource.priority === 'string' ? resource.priority : undefined;
}

export function priorityWeight(resource: Resource): number {
  return PRIORITY_WEIGHT[priorityOf(resource) ?? ''] ?? 0;
}

/** Whether an item is pinned to the top of its timeline. */
export function isPinned(resource: Resource): boolean {
  return priorityOf(resource) === PINNED_PRIORITY;
}

/** Only comments are pinned: pinning a task would change how urgent the work is. */
export function canPin(resource: Resource): boolean {
  return resource.resourceType === 'Communication';
}

type TimeField = 'sent' | 'issued' | 'date' | 'recorded' | 'authoredOn' | 'createdDateTime';

/** When an item happened: sent, issued, date, recorded, authored or created, else its last change. */
export function timelineTime(resource: Resource): string {
  const fields = resource as Partial<Record<TimeField, string>>;
  return (
    fields.sent ??
    fields.issued ??
    fields.date ??
    fields.recorded ??
    fields.authoredOn ??
    fields.createdDateTime ??
    resource.meta?.lastUpdated ??
    ''
  );
}

/** What the order of a timeline looks at: how far its priority lifts an item, and when it happened. */
export interface Ordered {
  weight: number;
  /** ISO instant; '' when unknown (last). */
  time: string;
}

/** A timeline's order: by priority weight, then by time, newest first; ties keep their order. */
export function compareOrdered(a: Ordered, b: Ordered): number {
  const byWeight = b.weight - a.weight;
  if (byWeight !== 0) return byWeight;
  return (Date.parse(b.time) || 0) - (Date.parse(a.time) || 0);
}

export function orderOf(resource: Resource): Ordered {
  return { weight: priorityWeight(resource), time: timelineTime(resource) };
}

export function compareTimelineItems(a: Resource, b: Resource): number {
  return compareOrdered(orderOf(a), orderOf(b));
}

export function sortTimeline<T extends Resource>(items: readonly T[]): T[] {
  return [...items].sort(compareTimelineItems);
}

/** The priority an item gets from Pin (when it is not pinned) or Unpin (when it is). */
export function togglePinPriority(resource: Resource): string {
  return isPinned(resource) ? UNPINNED_PRIORITY : PINNED_PRIORITY;
}

/** The change Pin or Unpin makes: the priority set to stat, or back to routine. */
export function pinOperations(resource: Resource): Operation[] {
  return [{ op: 'add', path: '/priority', value: togglePinPriority(resource) }];
}

/** 'Task/123' */
export function referenceOf(resource: Resource): string {
  return `${resource.resourceType}/${resource.id ?? ''}`;
}

/** The types a Communication's subject may name. */
export const COMMUNICATION_SUBJECTS = ['Patient', 'Group'];
/** The types a Media's subject may name. */
export const MEDIA_SUBJECTS = [
  'Patient',
  'Practitioner',
  'PractitionerRole',
  'Group',
  'Device',
  'Specimen',
  'Location',
];
/** The types a Media's basedOn may name. */
export const MEDIA_BASED_ON = ['ServiceRequest', 'CarePlan'];

/** The patient a resource is about ('Patient/1' from Task.for, subject or patient), if any. */
export function patientOf(resource: Resource): Reference<Patient> | undefined {
  if (resource.resourceType === 'Patient') return { reference: referenceOf(resource) };
  const pointers = resource as { for?: Reference; subject?: Reference; patient?: Reference };
  const found = [pointers.for, pointers.subject, pointers.patient].find((pointer) =>
    pointer?.reference?.startsWith('Patient/')
  );
  return found?.reference ? { reference: found.reference } : undefined;
}

/**
 * What ties a comment to the resource it is about: a patient or group is its subject; anything else
 * is what it is based on (an encounter also its encounter), with the resource's patient as subject.
 */
export function commentPointers(
  resource: Resource
): Pick<Communication, 'basedOn' | 'subject' | 'encounter'> {
  const self = { reference: referenceOf(resource) };
  if (COMMUNICATION_SUBJECTS.includes(resource.resourceType)) return { subject: self };
  const patient = patientOf(resource);
  return {
    basedOn: [self],
    ...(patient ? { subject: patient } : {}),
    ...(resource.resourceType === 'Encounter' ? { encounter: self } : {}),
  };
}

/** A comment about `resource` by `sender`: completed, routine, the text as its payload. */
export function newComment(
  resource: Resource,
  sender: Communication['sender'],
  text: string,
  sent: string
): Communication {
  return {
    resourceType: 'Communication',
    status: 'completed',
    priority: UNPINNED_PRIORITY,
    ...commentPointers(resource),
    sender,
    sent,
    payload: [{ contentString: text }],
  };
}

/**
 * What ties an attachment to the resource it is about, within what Media allows: its subject (a
 * patient, practitioner, device...), what it is based on (a service request or care plan), its
 * encounter, or else what it is part of, with the resource's patient as subject.
 */
export function mediaPointers(
  resource: Resource
): Pick<Media, 'basedOn' | 'subject' | 'encounter' | 'partOf'> {
  const self = { reference: referenceOf(resource) };
  if (MEDIA_SUBJECTS.includes(resource.resourceType)) return { subject: self };
  const patient = patientOf(resource);
  const subject = patient ? { subject: patient } : {};
  if (MEDIA_BASED_ON.includes(resource.resourceType)) return { basedOn: [self], ...subject };
  if (resource.resourceType === 'Encounter') return { encounter: self, ...subject };
  return { partOf: [self], ...subject };
}

/** A file's attachment before it is uploaded: its type, name and size. */
export function fileAttachment(file: { name: string; type: string; size: number }): Attachment {
  return { contentType: file.type || 'application/octet-stream', title: file.name, size: file.size };
}

/** The Media of an upload as first created: in preparation, naming the file but not holding it yet. */
export function newMedia(
  resource: Resource,
  operator: Media['operator'],
  content: Attachment,
  created: string
): Media {
  return {
    resourceType: 'Media',
    status: 'preparation',
    ...mediaPointers(resource),
    operator,
    createdDateTime: created,
    content,
  };
}

/**
 * The change that completes an upload's Media: status completed, the content with the file's bytes.
 * The sync engine uploads the bytes as a Binary and sends the content with the Binary's URL instead.
 */
export function completeMediaOperations(content: Attachment, base64: string): Operation[] {
  return [
    { op: 'replace', path: '/status', value: 'completed' },
    { op: 'replace', path: '/content', value: { ...content, data: base64 } },
  ];
}

/** The references in a resource that say what it is about. */
function pointersOf(resource: Resource): (Reference | undefined)[] {
  const r = resource as {
    basedOn?: Reference[];
    partOf?: Reference[];
    subject?: Reference;
    encounter?: Reference;
    focus?: Reference;
    for?: Reference;
    entity?: { what?: Reference }[];
  };
  return [
    ...(r.basedOn ?? []),
    ...(r.partOf ?? []),
    r.subject,
    r.encounter,
    r.focus,
    r.for,
    ...(r.entity ?? []).map((entity) => entity.what),
  ];
}

/** Whether `item` (a comment, attachment, task or audit event) is about the resource `reference`. */
export function isAbout(item: Resource, reference: string): boolean {
  return pointersOf(item).some((pointer) => pointer?.reference === reference);
}

/** The text of a comment: its payloads' strings, one per line. */
export function commentText(comment: Communication): string {
  return (comment.payload ?? [])
    .map((payload) => payload.contentString ?? payload.contentAttachment?.title ?? '')
    .filter(Boolean)
    .join('\n');
}

/**
 * How many messages answer each message thread: a Communication is a reply to those it is part of
 * (`partOf`, how threads are kept: the thread's header has none) or answers (`inResponseTo`), counted
 * once per thread. Deleted ones do not count. Keyed by 'Communication/{id}'.
 */
export function replyCounts(
  records: readonly { resource: Resource; deleted: 0 | 1 }[]
): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  for (const record of records) {
    if (record.deleted || record.resource.resourceType !== 'Communication') continue;
    const message = record.resource as Communication;
    const threads = new Set(
      [...(message.partOf ?? []), ...(message.inResponseTo ?? [])]
        .map((pointer) => pointer.reference ?? '')
        .filter((reference) => reference.startsWith('Communication/'))
    );
    for (const thread of threads) counts.set(thread, (counts.get(thread) ?? 0) + 1);
  }
  return counts;
}

/** What a thread is about: its topic's text (or coding), else the words of its first payload. */
export function threadTopic(thread: Communication): string {
  const topic = thread.topic;
  const fromTopic = topic?.text ?? topic?.coding?.find((coding) => coding.display)?.display;
  if (fromTopic) return fromTopic;
  const first = thread.payload?.[0];
  return first?.contentString ?? first?.contentAttachment?.title ?? '';
}

/** '1 reply', '3 replies'. */
export function repliesText(count: number): string {
  return `${count} ${count === 1 ? 'reply' : 'replies'}`;
}
