import type { Patient, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import {
  ALICE_SMITH_ID,
  BOB_JONES_ID,
  BUSINESS_STATUS_SYSTEM,
  BUSINESS_STATUSES,
  ROLE_CODES,
  SEED_STATES,
  SNOMED_SYSTEM,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TYPE_SYSTEM,
  TASK_TYPES,
} from './index';
import { byReference, NOW, resourcesOf } from './test-support';

const tasks = resourcesOf('Task');
const open = tasks.filter((task) => task.status !== 'completed');
const claimable = open.filter((task) => !task.owner);
const DAY_MS = 24 * 60 * 60 * 1000;

function typeOf(task: Task): string | undefined {
  return task.code?.coding?.find((coding) => coding.system === TASK_TYPE_SYSTEM)?.code;
}

function stateOf(task: Task): string | undefined {
  return (byReference(task.for?.reference) as Patient | undefined)?.address?.[0]?.state;
}

function roleQueue(code: string): Task[] {
  return claimable.filter((task) =>
    task.performerType?.some((concept) => concept.coding?.[0]?.code === code)
  );
}

const priorityOrder: Record<string, number> = { stat: 50, asap: 40, urgent: 30, routine: 20 };

describe('task list', () => {
  it('All Tasks shows at least 240 tasks of the four task types', () => {
    expect(tasks.length).toBeGreaterThanOrEqual(240);
    expect(new Set(tasks.map(typeOf))).toEqual(new Set(TASK_TYPES));
    for (const task of tasks) {
      expect(task.code?.text).toBeTruthy();
      expect(task.code?.coding?.[0]?.display).toBeTruthy();
      expect(task.intent).toBe('order');
      expect(task.for?.display).toBeTruthy();
      expect(task.authoredOn).toBeTruthy();
    }
  });

  it('every task type appears in every status and every priority', () => {
    const seen = new Set(tasks.map((task) => `${typeOf(task)}|${task.status}|${task.priority}`));
    for (const type of TASK_TYPES) {
      for (const status of TASK_STATUSES) {
        for (const priority of TASK_PRIORITIES) {
          expect(seen, `${type} ${status} ${priority}`).toContain(`${type}|${status}|${priority}`);
        }
      }
    }
  });

  it("Dr. Smith's My Tasks has at least 15 open tasks in mixed priorities and due dates", () => {
    const mine = open.filter((task) => task.owner?.reference === `Practitioner/${ALICE_SMITH_ID}`);
    expect(mine.length).toBeGreaterThanOrEqual(15);
    expect(new Set(mine.map((task) => task.priority)).size).toBeGreaterThanOrEqual(3);
    const dueDates = mine.map((task) => task.restriction?.period?.end).filter(Boolean);
    expect(new Set(dueDates).size).toBeGreaterThanOrEqual(10);
    // Sorting by priority then due date changes the order.
    const sorted = [...mine].sort(
      (a, b) =>
        (priorityOrder[b.priority ?? ''] ?? 10) - (priorityOrder[a.priority ?? ''] ?? 10) ||
        (a.restriction?.period?.end ?? '').localeCompare(b.restriction?.period?.end ?? '')
    );
    expect(sorted.map((task) => task.id)).not.toEqual(mine.map((task) => task.id));
  });

  it('Bob Jones and other staff own tasks too, and many tasks wait unowned', () => {
    const owners = new Set(tasks.map((task) => task.owner?.reference).filter(Boolean));
    expect(owners).toContain(`Practitioner/${BOB_JONES_ID}`);
    expect(owners.size).toBeGreaterThanOrEqual(6);
    expect(tasks.filter((task) => !task.owner).length).toBeGreaterThanOrEqual(tasks.length / 4);
    for (const task of tasks.filter((item) => item.owner)) {
      expect(task.owner?.reference).toMatch(/^Practitioner\//);
      expect(byReference(task.owner?.reference)).toBeDefined();
    }
  });
});

describe('queues', () => {
  it.each([
    ['Doctor', ROLE_CODES.doctor],
    ['Registered Nurse', ROLE_CODES.registeredNurse],
    ['Care Coordinator', ROLE_CODES.careCoordinator],
  ])('the %s Tasks queue has at least 8 tasks to claim', (_label, code) => {
    expect(roleQueue(code).length).toBeGreaterThanOrEqual(8);
  });

  it.each(SEED_STATES)('the %s queue has tasks for a licensed clinician to claim', (state) => {
    expect(claimable.filter((task) => stateOf(task) === state).length).toBeGreaterThanOrEqual(8);
  });

  it('performer types are SNOMED role codings', () => {
    const codes = new Set<string>(Object.values(ROLE_CODES));
    const withPerformer = tasks.filter((task) => task.performerType?.length);
    expect(withPerformer.length).toBeGreaterThan(tasks.length * 0.8);
    for (const task of withPerformer) {
      for (const concept of task.performerType ?? []) {
        expect(concept.coding?.[0]?.system).toBe(SNOMED_SYSTEM);
        expect(codes).toContain(concept.coding?.[0]?.code);
      }
    }
  });
});

describe('task details', () => {
  it('each task points at what it works on, for the same patient', () => {
    const expected: Record<string, string> = {
      'respond-to-message': 'Communication',
      'review-diagnostic-report': 'DiagnosticReport',
      'schedule-appointment': 'Schedule',
      'verify-drivers-license': 'DocumentReference',
    };
    for (const task of tasks) {
      const focus = byReference(task.focus?.reference);
      expect(focus?.resourceType, task.id).toBe(expected[typeOf(task) ?? '']);
      if (
        focus?.resourceType === 'Communication' ||
        focus?.resourceType === 'DiagnosticReport' ||
        focus?.resourceType === 'DocumentReference'
      ) {
        expect(focus.subject?.reference).toBe(task.for?.reference);
      }
    }
  });

  it('open report reviews show preliminary reports; completed ones final reports', () => {
    for (const task of tasks.filter((item) => typeOf(item) === 'review-diagnostic-report')) {
      const report = byReference(task.focus?.reference);
      expect(report && 'status' in report ? report.status : undefined).toBe(
        task.status === 'completed' ? 'final' : 'preliminary'
      );
    }
  });

  it('the business status selector shows a value from the business status value set', () => {
    const used = new Set<string>();
    for (const task of tasks) {
      const coding = task.businessStatus?.coding?.[0];
      expect(coding?.system).toBe(BUSINESS_STATUS_SYSTEM);
      expect(BUSINESS_STATUSES).toContain(coding?.code);
      expect(coding?.display).toBeTruthy();
      used.add(coding?.code ?? '');
    }
    expect(used.size).toBe(BUSINESS_STATUSES.length);
  });

  it('due dates run from a week ago to a month ahead, and a few tasks offer Add Due-Date', () => {
    const due = tasks.map((task) => task.restriction?.period?.end).filter((end): end is string => !!end);
    expect(due.length).toBeGreaterThan(tasks.length * 0.8);
    expect(due.length).toBeLessThan(tasks.length);
    for (const end of due) {
      const offset = Date.parse(end) - NOW.getTime();
      expect(offset).toBeGreaterThanOrEqual(-7 * DAY_MS - 15 * 60_000);
      expect(offset).toBeLessThanOrEqual(30 * DAY_MS + 15 * 60_000);
    }
    expect(due.some((end) => Date.parse(end) < NOW.getTime())).toBe(true);
    expect(due.some((end) => Date.parse(end) > NOW.getTime() + 14 * DAY_MS)).toBe(true);
  });

  it('the Notes tab shows notes with an author and a date on many tasks', () => {
    const withNotes = tasks.filter((task) => task.note?.length);
    expect(withNotes.length).toBeGreaterThanOrEqual(tasks.length / 3);
    expect(tasks.some((task) => !task.note)).toBe(true);
    for (const task of withNotes) {
      for (const note of task.note ?? []) {
        expect(note.text).toBeTruthy();
        expect(byReference(note.authorReference?.reference)?.resourceType).toBe('Practitioner');
        expect(note.time && note.time <= NOW.toISOString()).toBe(true);
        expect(note.time && task.authoredOn && note.time >= task.authoredOn).toBe(true);
      }
    }
  });

  it('tasks were created before now', () => {
    for (const task of tasks) {
      expect(Date.parse(task.authoredOn ?? '')).toBeLessThan(NOW.getTime());
    }
  });
});
