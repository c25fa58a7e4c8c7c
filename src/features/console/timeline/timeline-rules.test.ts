import type { Communication, DiagnosticReport, Patient, Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import type { StoredResource } from '@/ui';
import { taskFixture } from '@/ui/testing/replica-harness';
import { timelineItems } from './timeline-items';
import {
  canPin,
  completeMediaOperations,
  fileAttachment,
  isAbout,
  isPinned,
  mediaPointers,
  newComment,
  newMedia,
  pinOperations,
  repliesText,
  replyCounts,
  sortTimeline,
  threadTopic,
  timelineTime,
  togglePinPriority,
} from './timeline-rules';

const comment = (id: string, sent: string, priority?: Communication['priority']): Communication => ({
  resourceType: 'Communication',
  id,
  status: 'completed',
  sent,
  priority,
});

describe('the timeline order', () => {
  it('puts stat, then asap, then urgent first, and the rest newest first', () => {
    const items: Resource[] = [
      comment('old-routine', '2024-01-01T10:00:00Z', 'routine'),
      comment('urgent', '2023-01-01T10:00:00Z', 'urgent'),
      comment('new-plain', '2024-06-01T10:00:00Z'),
      comment('stat', '2022-01-01T10:00:00Z', 'stat'),
      comment('asap', '2022-06-01T10:00:00Z', 'asap'),
      {
        resourceType: 'DiagnosticReport',
        id: 'report',
        status: 'final',
        code: {},
        issued: '2024-03-01T00:00:00Z',
      },
    ];
    expect(sortTimeline(items).map((item) => item.id)).toEqual([
      'stat',
      'asap',
      'urgent',
      'new-plain',
      'report',
      'old-routine',
    ]);
  });

  it('dates an item by sent, issued, date, then its last change', () => {
    const report: DiagnosticReport = {
      resourceType: 'DiagnosticReport',
      status: 'final',
      code: {},
      issued: '2024-03-01T00:00:00Z',
      meta: { lastUpdated: '2024-04-01T00:00:00Z' },
    };
    expect(timelineTime(report)).toBe('2024-03-01T00:00:00Z');
    expect(timelineTime({ resourceType: 'Patient', meta: { lastUpdated: '2024-04-01T00:00:00Z' } })).toBe(
      '2024-04-01T00:00:00Z'
    );
  });

  it('orders equal times of equal weight stably', () => {
    const same = [comment('a', '2024-01-01T00:00:00Z'), comment('b', '2024-01-01T00:00:00Z')];
    expect(sortTimeline(same).map((item) => item.id)).toEqual(['a', 'b']);
  });
});

describe('pinning', () => {
  it('Pin sets stat and marks the item pinned; Unpin sets routine', () => {
    const plain = comment('c', '2024-01-01T00:00:00Z', 'routine');
    expect(isPinned(plain)).toBe(false);
    expect(togglePinPriority(plain)).toBe('stat');
    const pinned = { ...plain, priority: 'stat' as const };
    expect(isPinned(pinned)).toBe(true);
    expect(togglePinPriority(pinned)).toBe('routine');
  });
});

describe('what a comment or an attachment is about', () => {
  const task = taskFixture('t1', { for: { reference: 'Patient/p1' } });
  const patient: Patient = { resourceType: 'Patient', id: 'p1' };

  it('a comment on a task is based on it, its subject the task’s patient; on a patient, the patient is its subject', () => {
    const onTask = newComment(task, { reference: 'Practitioner/me' }, 'Called', '2024-01-01T00:00:00Z');
    expect(onTask).toMatchObject({
      resourceType: 'Communication',
      status: 'completed',
      priority: 'routine',
      basedOn: [{ reference: 'Task/t1' }],
      subject: { reference: 'Patient/p1' },
      sender: { reference: 'Practitioner/me' },
      payload: [{ contentString: 'Called' }],
    });
    const onPatient = newComment(patient, { reference: 'Practitioner/me' }, 'Hi', '2024-01-01T00:00:00Z');
    expect(onPatient.subject).toEqual({ reference: 'Patient/p1' });
    expect(onPatient.basedOn).toBeUndefined();
    expect(isAbout(onTask, 'Task/t1')).toBe(true);
    expect(isAbout(onTask, 'Patient/p1')).toBe(true);
    expect(isAbout(onTask, 'Task/t2')).toBe(false);
  });

  it('an attachment uses the pointer Media allows for the type: subject, basedOn, encounter, else partOf', () => {
    expect(mediaPointers(patient)).toEqual({ subject: { reference: 'Patient/p1' } });
    expect(mediaPointers(task)).toEqual({
      partOf: [{ reference: 'Task/t1' }],
      subject: { reference: 'Patient/p1' },
    });
    const request = { resourceType: 'ServiceRequest', id: 's1', status: 'active', intent: 'order' } as const;
    expect(mediaPointers(request as Resource)).toEqual({ basedOn: [{ reference: 'ServiceRequest/s1' }] });
    const media = newMedia(
      task,
      { reference: 'Practitioner/me' },
      { contentType: 'text/plain' },
      '2024-01-01T00:00:00Z'
    );
    expect(media.status).toBe('preparation');
    expect(isAbout(media, 'Task/t1')).toBe(true);
  });

  it('the change completing an upload carries the file with its content', () => {
    const content = fileAttachment({ name: 'scan.pdf', type: '', size: 3 });
    expect(content).toEqual({ contentType: 'application/octet-stream', title: 'scan.pdf', size: 3 });
    expect(completeMediaOperations(content, 'AAAA')).toEqual([
      { op: 'replace', path: '/status', value: 'completed' },
      { op: 'replace', path: '/content', value: { ...content, data: 'AAAA' } },
    ]);
  });

  it('Pin and Unpin change only the priority, and only comments are pinned', () => {
    expect(pinOperations(comment('c', '2024-01-01T00:00:00Z'))).toEqual([
      { op: 'add', path: '/priority', value: 'stat' },
    ]);
    expect(pinOperations(comment('c', '2024-01-01T00:00:00Z', 'stat'))).toEqual([
      { op: 'add', path: '/priority', value: 'routine' },
    ]);
    expect(canPin(comment('c', '2024-01-01T00:00:00Z'))).toBe(true);
    expect(canPin(task)).toBe(false);
  });
});

describe('the timeline items', () => {
  const record = (resource: Resource, pending = 0): StoredResource => ({
    key: `${resource.resourceType}/${resource.id ?? ''}`,
    resourceType: resource.resourceType,
    id: resource.id ?? '',
    resource,
    pending,
    deleted: 0,
    lastUpdated: '',
  });
  const about = (c: Communication): Communication => ({ ...c, basedOn: [{ reference: 'Task/t1' }] });

  it('mixes versions and resources about the resource in priority-then-time order, waiting ones marked', () => {
    const items = timelineItems(
      'Task/t1',
      [
        { versionId: '1', date: '2024-01-01T00:00:00Z', author: '' },
        { versionId: '2', date: '2024-05-01T00:00:00Z', author: '' },
      ],
      [
        record(about(comment('pinned', '2023-01-01T00:00:00Z', 'stat'))),
        record(about(comment('new', '2024-06-01T00:00:00Z')), 1),
        record(comment('elsewhere', '2024-07-01T00:00:00Z')),
        { ...record(about(comment('deleted', '2024-08-01T00:00:00Z'))), deleted: 1 },
      ]
    );
    expect(items.map((item) => item.key)).toEqual([
      'Communication/pinned',
      'Communication/new',
      'version-2',
      'version-1',
    ]);
    expect(items[1]).toMatchObject({ kind: 'resource', waiting: true });
    expect(items[0]).toMatchObject({ kind: 'resource', waiting: false });
  });
});

describe('message threads', () => {
  const message = (id: string, pointers: Partial<Communication>, deleted: 0 | 1 = 0) => ({
    resource: { resourceType: 'Communication', id, status: 'in-progress', ...pointers } as Communication,
    deleted,
  });

  it('counts the messages part of a thread or answering it, once each, deleted ones left out', () => {
    const counts = replyCounts([
      message('t1', { topic: { text: 'Refill' } }),
      message('m1', { partOf: [{ reference: 'Communication/t1' }] }),
      message('m2', {
        partOf: [{ reference: 'Communication/t1' }],
        inResponseTo: [{ reference: 'Communication/t1' }],
      }),
      message('m3', { inResponseTo: [{ reference: 'Communication/m1' }] }),
      message('m4', { partOf: [{ reference: 'Communication/t1' }] }, 1),
      message('c1', { basedOn: [{ reference: 'Task/x' }] }),
    ]);
    expect(counts.get('Communication/t1')).toBe(2);
    expect(counts.get('Communication/m1')).toBe(1);
    expect(counts.has('Task/x')).toBe(false);
    expect(repliesText(1)).toBe('1 reply');
    expect(repliesText(2)).toBe('2 replies');
  });

  it('names a thread by its topic, else by its first message', () => {
    const thread = (fields: Partial<Communication>) =>
      ({ resourceType: 'Communication', status: 'in-progress', ...fields }) as Communication;
    expect(threadTopic(thread({ topic: { text: 'Lab test results' } }))).toBe('Lab test results');
    expect(threadTopic(thread({ topic: { coding: [{ code: 'x', display: 'Schedule a Physical' }] } }))).toBe(
      'Schedule a Physical'
    );
    expect(threadTopic(thread({ payload: [{ contentString: 'Hello' }] }))).toBe('Hello');
    expect(threadTopic(thread({}))).toBe('');
  });
});
