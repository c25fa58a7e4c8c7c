import type { Resource, ValueSet } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import {
  buildSeed,
  BUSINESS_STATUS_VALUESET_URL,
  MAIN_PROJECT_ID,
  PRACTITIONER_ROLE_VALUESET_URL,
  RIVERSIDE_PROJECT_ID,
  ROLE_CODES,
  SNOMED_SYSTEM,
  TASK_TYPE_VALUESET_URL,
} from './index';
import { NOW, referencesIn, resourcesOf, seed } from './test-support';

function keysOf(resources: { projectId: string; resource: Resource }[]): Set<string> {
  return new Set(
    resources.map(({ projectId, resource }) => `${projectId}|${resource.resourceType}/${resource.id}`)
  );
}

function valueSet(url: string, projectId = MAIN_PROJECT_ID): ValueSet {
  const found = resourcesOf('ValueSet', projectId).find((item) => item.url === url);
  if (!found) {
    throw new Error(`no value set ${url}`);
  }
  return found;
}

describe('value sets', () => {
  it('the business status selector offers the four business statuses', () => {
    const set = valueSet(BUSINESS_STATUS_VALUESET_URL);
    expect(set).toMatchObject({ status: 'active', id: expect.any(String), name: expect.any(String) });
    expect(set.compose?.include[0]?.concept?.map((concept) => concept.code)).toEqual([
      'ready',
      'doctor-sign-off-needed',
      'doctor-review-needed',
      'follow-up-needed',
    ]);
    expect(set.expansion?.contains?.map((item) => item.display)).toContain('Ready');
  });

  it('Assign Role offers the eight practitioner roles with SNOMED codes', () => {
    const set = valueSet(PRACTITIONER_ROLE_VALUESET_URL);
    expect(set.compose?.include[0]?.system).toBe(SNOMED_SYSTEM);
    const contains = set.expansion?.contains ?? [];
    expect(contains.map((item) => item.display)).toEqual([
      'Doctor',
      'Nurse Practitioner',
      'Registered Nurse',
      'Care Coordinator',
      'Care Team Coordinator',
      'Medical Billing Specialist',
      'Quality Assurance',
      'Assistant',
    ]);
    expect(contains.find((item) => item.display === 'Doctor')?.code).toBe('158965000');
    expect(contains.find((item) => item.display === 'Registered Nurse')?.code).toBe('224535009');
    expect(contains.find((item) => item.display === 'Care Coordinator')?.code).toBe('768820003');
    expect(new Set(contains.map((item) => item.code))).toEqual(new Set(Object.values(ROLE_CODES)));
  });

  it('the task type value set lists the four task types', () => {
    const codes = valueSet(TASK_TYPE_VALUESET_URL).expansion?.contains?.map((item) => item.code);
    expect(codes).toEqual([
      'respond-to-message',
      'schedule-appointment',
      'review-diagnostic-report',
      'verify-drivers-license',
    ]);
  });

  it('Riverside Clinic has the same value sets', () => {
    for (const url of [
      BUSINESS_STATUS_VALUESET_URL,
      PRACTITIONER_ROLE_VALUESET_URL,
      TASK_TYPE_VALUESET_URL,
    ]) {
      expect(valueSet(url, RIVERSIDE_PROJECT_ID).expansion?.contains).toEqual(
        valueSet(url).expansion?.contains
      );
    }
  });
});

describe('integrity', () => {
  it('every resource has an id, unique within its project', () => {
    const entries = seed().resources;
    for (const { resource } of entries) {
      expect(resource.id).toMatch(/^[A-Za-z0-9\-.]{1,64}$/);
    }
    expect(keysOf(entries).size).toBe(entries.length);
  });

  it('every reference opens a resource in the same project', () => {
    const keys = keysOf(seed().resources);
    const dangling = seed().resources.flatMap(({ projectId, resource }) =>
      referencesIn(resource)
        .filter((reference) => !keys.has(`${projectId}|${reference}`))
        .map((reference) => `${resource.resourceType}/${resource.id} -> ${reference}`)
    );
    expect(dangling).toEqual([]);
  });

  it('only the two projects hold resources', () => {
    const projects = new Set(seed().projects.map((project) => project.id));
    for (const entry of seed().resources) {
      expect(projects).toContain(entry.projectId);
    }
  });

  it('Riverside Clinic has a few patients and tasks of its own', () => {
    expect(resourcesOf('Patient', RIVERSIDE_PROJECT_ID).length).toBeGreaterThanOrEqual(3);
    const tasks = resourcesOf('Task', RIVERSIDE_PROJECT_ID);
    expect(tasks.length).toBeGreaterThanOrEqual(4);
    const riversideIds = new Set(resourcesOf('Patient', RIVERSIDE_PROJECT_ID).map((patient) => patient.id));
    for (const task of tasks) {
      expect(riversideIds).toContain(task.for?.reference?.split('/')[1]);
    }
  });
});

describe('determinism', () => {
  it('the same now always gives the same seed', () => {
    expect(buildSeed({ now: NOW })).toEqual(seed());
  });

  it('a later now shifts every time but keeps ids and content', () => {
    const later = new Date(NOW.getTime() + 36 * 60 * 60 * 1000);
    const shifted = buildSeed({ now: later });
    expect(shifted.resources.map(({ resource }) => resource.id)).toEqual(
      seed().resources.map(({ resource }) => resource.id)
    );
    const task = (data: typeof shifted) =>
      data.resources.find(({ resource }) => resource.id === 'task-001')?.resource;
    const before = task(seed());
    const after = task(shifted);
    expect(after && 'authoredOn' in after && before && 'authoredOn' in before).toBe(true);
    if (after?.resourceType === 'Task' && before?.resourceType === 'Task') {
      expect(Date.parse(after.authoredOn ?? '') - Date.parse(before.authoredOn ?? '')).toBe(
        36 * 60 * 60 * 1000
      );
      expect({
        ...after,
        authoredOn: undefined,
        restriction: undefined,
        note: undefined,
        executionPeriod: undefined,
      }).toEqual({
        ...before,
        authoredOn: undefined,
        restriction: undefined,
        note: undefined,
        executionPeriod: undefined,
      });
    }
  });

  it('without a now, times follow the clock', () => {
    const start = Date.now();
    const fresh = buildSeed();
    const sent = fresh.resources
      .map(({ resource }) => resource)
      .flatMap((resource) =>
        resource.resourceType === 'Communication' && resource.sent ? [resource.sent] : []
      );
    const newest = Math.max(...sent.map((value) => Date.parse(value)));
    expect(newest).toBeLessThan(Date.now());
    expect(newest).toBeGreaterThan(start - 60 * 60 * 1000);
  });
});
