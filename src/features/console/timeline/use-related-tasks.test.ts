import type { Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import type { StoredResource } from '@/ui';
import { relatedTasks } from './use-related-tasks';

const record = (id: string, task: Partial<Task>, lastUpdated: string, deleted = 0): StoredResource =>
  ({
    key: `Task/${id}`,
    resourceType: 'Task',
    id,
    deleted,
    pending: 0,
    resource: { resourceType: 'Task', id, status: 'ready', intent: 'order', meta: { lastUpdated }, ...task },
  }) as unknown as StoredResource;

describe('relatedTasks', () => {
  it('keeps the tasks whose focus, subject or basedOn names the resource, each once, and leaves out deleted and other ones', () => {
    const tasks = [
      record('focus', { focus: { reference: 'Patient/p1' } }, '2024-01-01T00:00:00Z'),
      record('for', { for: { reference: 'Patient/p1' } }, '2024-01-02T00:00:00Z'),
      record(
        'based',
        { basedOn: [{ reference: 'ServiceRequest/s' }, { reference: 'Patient/p1' }] },
        '2024-01-03T00:00:00Z'
      ),
      record(
        'all',
        { focus: { reference: 'Patient/p1' }, for: { reference: 'Patient/p1' } },
        '2024-01-04T00:00:00Z'
      ),
      record('other', { for: { reference: 'Patient/p2' } }, '2024-01-05T00:00:00Z'),
      record('gone', { for: { reference: 'Patient/p1' } }, '2024-01-06T00:00:00Z', 1),
    ];
    expect(
      relatedTasks(tasks, 'Patient/p1')
        .map((task) => task.key)
        .sort()
    ).toEqual(['Task/all', 'Task/based', 'Task/focus', 'Task/for'].sort());
  });

  it('keeps the newest 100 by each pointer, as the server search would page them', () => {
    const tasks = Array.from({ length: 150 }, (_, i) =>
      record(
        `t${i}`,
        { for: { reference: 'Patient/p1' } },
        new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString()
      )
    );
    const kept = relatedTasks(tasks, 'Patient/p1').map((task) => task.key);
    expect(kept).toHaveLength(100);
    expect(kept).toContain('Task/t149');
    expect(kept).not.toContain('Task/t49');
  });
});
