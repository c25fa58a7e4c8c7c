import type { Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@/ui';
import { ageInYears } from '../format';
import { noteAuthor, notesNewestFirst } from './notes';
import { taskTimeline } from './timeline';

describe('task detail', () => {
  it('lists notes newest first with their author', () => {
    const notes = notesNewestFirst([
      { text: 'old', time: '2024-01-01T10:00:00Z', authorString: 'Bob' },
      {
        text: 'new',
        time: '2024-02-01T10:00:00Z',
        authorReference: { reference: 'Practitioner/a', display: 'Alice Smith' },
      },
      { text: 'undated' },
    ]);
    expect(notes.map((note) => note.text)).toEqual(['new', 'old', 'undated']);
    expect(notes.map(noteAuthor)).toEqual(['Alice Smith', 'Bob', 'Unknown author']);
  });

  it('gives the age in whole years', () => {
    expect(ageInYears('1980-05-17', new Date(2024, 4, 16))).toBe(43);
    expect(ageInYears('1980-05-17', new Date(2024, 4, 17))).toBe(44);
    expect(ageInYears('unknown', new Date())).toBeUndefined();
  });

  it('shows the timeline newest first: local changes waiting to sync, the server version, notes, creation', () => {
    const task: Task = {
      resourceType: 'Task',
      status: 'on-hold',
      intent: 'order',
      authoredOn: '2024-01-01T08:00:00Z',
      note: [{ text: 'Called', time: '2024-01-02T08:00:00Z' }],
    };
    const server: Task = { ...task, meta: { versionId: '3', lastUpdated: '2024-01-03T08:00:00Z' } };
    const pending = {
      label: 'Pause Task',
      createdAt: '2024-01-04T08:00:00Z',
      state: 'pending',
    } as OutboxEntry;
    expect(taskTimeline(task, server, [pending]).map((event) => [event.title, event.state])).toEqual([
      ['Pause Task', 'Waiting to sync'],
      ['Version 3 on the server', undefined],
      ['Note added', undefined],
      ['Created', undefined],
    ]);
  });
});
