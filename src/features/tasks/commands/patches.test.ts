import type { Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import * as patches from './patches';

const bare: Task = { resourceType: 'Task', id: 't1', status: 'ready', intent: 'order' };
const me = { reference: 'Practitioner/me', display: 'Alice Smith' };
const doctor = { system: 'http://snomed.info/sct', code: '158965000', display: 'Doctor' };

describe('the JSON Patch of each task action', () => {
  it('Add Note: add /note with the new note, or replace it with the old notes plus the new one', () => {
    expect(patches.addNotePatch(bare, 'Called the patient', me, '2024-03-01T10:00:00Z')).toEqual([
      {
        op: 'add',
        path: '/note',
        value: [{ text: 'Called the patient', authorReference: me, time: '2024-03-01T10:00:00Z' }],
      },
    ]);
    const withNote: Task = { ...bare, note: [{ text: 'first' }] };
    const [op] = patches.addNotePatch(withNote, 'second', me, '2024-03-02T10:00:00Z');
    expect(op).toMatchObject({ op: 'replace', path: '/note' });
    expect((op as { value: unknown[] }).value).toEqual([
      { text: 'first' },
      { text: 'second', authorReference: me, time: '2024-03-02T10:00:00Z' },
    ]);
  });

  it('Due date: /restriction with period.end, keeping the rest of the restriction', () => {
    expect(patches.dueDatePatch(bare, '2024-04-01T23:59:00Z')).toEqual([
      { op: 'add', path: '/restriction', value: { period: { end: '2024-04-01T23:59:00Z' } } },
    ]);
    const restricted: Task = {
      ...bare,
      restriction: { repetitions: 1, period: { start: '2024-01-01', end: '2024-02-01' } },
    };
    expect(patches.dueDatePatch(restricted, '2024-05-01')).toEqual([
      {
        op: 'replace',
        path: '/restriction',
        value: { repetitions: 1, period: { start: '2024-01-01', end: '2024-05-01' } },
      },
    ]);
  });

  it('Business status: /businessStatus as one coding', () => {
    const coding = {
      system: 'https://x/business-status',
      code: 'follow-up-needed',
      display: 'Follow-up Needed',
    };
    expect(patches.businessStatusPatch(bare, coding)).toEqual([
      { op: 'add', path: '/businessStatus', value: { coding: [coding], text: 'Follow-up Needed' } },
    ]);
    expect(patches.businessStatusPatch({ ...bare, businessStatus: { text: 'Ready' } }, coding)[0]?.op).toBe(
      'replace'
    );
  });

  it('Assign: /owner as a Practitioner reference, and nothing else', () => {
    expect(patches.ownerPatch(bare, { reference: 'Practitioner/bob' })).toEqual([
      { op: 'add', path: '/owner', value: { reference: 'Practitioner/bob' } },
    ]);
    expect(patches.ownerPatch({ ...bare, owner: me }, { reference: 'Practitioner/bob' })[0]?.op).toBe(
      'replace'
    );
    expect(() => patches.ownerPatch(bare, { reference: 'Organization/o1' })).toThrow(
      'The owner must be a Practitioner'
    );
  });

  it('Claim: add /owner with the current user, only on an unowned task', () => {
    expect(patches.claimPatch(bare, me)).toEqual([{ op: 'add', path: '/owner', value: me }]);
    expect(() => patches.claimPatch({ ...bare, owner: me }, me)).toThrow();
  });

  it('Assign Role: the role coding appended to /performerType, never twice', () => {
    expect(patches.performerTypePatch(bare, doctor)).toEqual([
      { op: 'add', path: '/performerType', value: [{ coding: [doctor], text: 'Doctor' }] },
    ]);
    const nurse = { coding: [{ system: 'http://snomed.info/sct', code: '224535009' }] };
    expect(patches.performerTypePatch({ ...bare, performerType: [nurse] }, doctor)).toEqual([
      { op: 'replace', path: '/performerType', value: [nurse, { coding: [doctor], text: 'Doctor' }] },
    ]);
    expect(() =>
      patches.performerTypePatch({ ...bare, performerType: [{ coding: [doctor] }] }, doctor)
    ).toThrow('already assigned to Doctor');
  });

  it('Pause, Resume, Complete: replace /status', () => {
    expect(patches.statusPatch('on-hold')).toEqual([{ op: 'replace', path: '/status', value: 'on-hold' }]);
  });
});
