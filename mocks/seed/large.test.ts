import type { Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { buildLargeTaskSeed, MAIN_PROJECT_ID, TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES } from './index';
import { NOW, referencesIn, seed } from './test-support';

function count(resources: { resource: Resource }[], type: string): number {
  return resources.filter(({ resource }) => resource.resourceType === type).length;
}

describe('benchmark seed', () => {
  // How long it takes is a figure of bench/server-load.bench.ts.
  it('builds as many tasks and patients as asked, all in the main project', () => {
    const resources = buildLargeTaskSeed({ tasks: 10_000, patients: 2_000, now: NOW });
    expect(count(resources, 'Task')).toBe(10_000);
    expect(count(resources, 'Patient')).toBe(2_000);
    expect(new Set(resources.map(({ projectId }) => projectId))).toEqual(new Set([MAIN_PROJECT_ID]));
  });

  it('has the shapes of the demo tasks: every type, status and priority, queues and owners', () => {
    const tasks = buildLargeTaskSeed({ tasks: 400, patients: 60, now: NOW }).flatMap(({ resource }) =>
      resource.resourceType === 'Task' ? [resource] : []
    );
    const combos = new Set(
      tasks.map((task) => `${task.code?.coding?.[0]?.code}|${task.status}|${task.priority}`)
    );
    expect(combos.size).toBe(TASK_TYPES.length * TASK_STATUSES.length * TASK_PRIORITIES.length);
    expect(tasks.some((task) => task.owner)).toBe(true);
    expect(tasks.some((task) => !task.owner && task.performerType?.length)).toBe(true);
    for (const task of tasks) {
      expect(task).toMatchObject({ intent: 'order', for: { display: expect.any(String) } });
      expect(task.businessStatus?.coding?.[0]?.code).toBeTruthy();
      expect(task.restriction?.period?.end).toBeTruthy();
    }
  });

  it('its references resolve beside the demo data in the main project', () => {
    const large = buildLargeTaskSeed({ tasks: 500, patients: 100, now: NOW });
    const all = [...seed().resources, ...large];
    const keys = new Set(
      all.map(({ projectId, resource }) => `${projectId}|${resource.resourceType}/${resource.id}`)
    );
    expect(keys.size).toBe(all.length);
    for (const { projectId, resource } of large) {
      for (const reference of referencesIn(resource)) {
        expect(keys, reference).toContain(`${projectId}|${reference}`);
      }
    }
  });

  it('its references resolve on their own in another project', () => {
    const large = buildLargeTaskSeed({ tasks: 300, patients: 50, now: NOW, projectId: 'project-bench' });
    const keys = new Set(
      large.map(({ projectId, resource }) => `${projectId}|${resource.resourceType}/${resource.id}`)
    );
    for (const { resource } of large) {
      for (const reference of referencesIn(resource)) {
        expect(keys, reference).toContain(`project-bench|${reference}`);
      }
    }
  });

  it('is the same for the same now', () => {
    expect(buildLargeTaskSeed({ tasks: 200, patients: 40, now: NOW })).toEqual(
      buildLargeTaskSeed({ tasks: 200, patients: 40, now: NOW })
    );
  });
});
