import type { Patient, Task } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchReplica, withOffset } from '@/ui';
import { ME, replicaHarness, type ReplicaHarness } from '@/ui/testing/replica-harness';
import { effectiveQuery } from '../list/status-tabs';
import { ALL_TASKS_QUEUE, myTasksQueue, roleTasksQueue, stateTasksQueue } from './menu-queues';
import { DEFAULT_TASK_FIELDS, parseFields, QUEUE_FIELDS, showsStatusTabs, taskSearch } from './task-query';

/**
 * The queue rules as the task list applies them: the menu's queue URLs and the list's own additions
 * (status tab, default sort, page) answered by the replica the list reads, filled through the engine.
 */
const DOCTOR = '158965000';
const NURSE = '224535009';

const performer = (code: string): Task['performerType'] => [
  { coding: [{ system: 'http://snomed.info/sct', code }] },
];
const due = (end: string): Task['restriction'] => ({ period: { end } });
const task = (id: string, fields: Partial<Task> = {}): Task => ({
  resourceType: 'Task',
  id,
  status: 'ready',
  intent: 'order',
  ...fields,
});
const patient = (id: string, state: string): Patient => ({
  resourceType: 'Patient',
  id,
  address: [{ state }],
});
/** A task for the patient living in `state` (the replica copies the patient's state onto the task). */
const inState = (state: string) => ({ for: { reference: `Patient/${state.toLowerCase()}` } });

const tasks: Task[] = [
  task('mine-routine', {
    owner: { reference: ME },
    priority: 'routine',
    restriction: due('2024-03-01T00:00:00Z'),
  }),
  task('mine-stat-late', {
    owner: { reference: ME },
    priority: 'stat',
    restriction: due('2024-05-01T00:00:00Z'),
  }),
  task('mine-stat-early', {
    owner: { reference: ME },
    priority: 'stat',
    restriction: due('2024-02-01T00:00:00Z'),
  }),
  task('mine-stat-undated', { owner: { reference: ME }, priority: 'stat' }),
  task('mine-done', { owner: { reference: ME }, priority: 'stat', status: 'completed' }),
  task('mine-deleted', { owner: { reference: ME }, priority: 'stat' }),
  task('other-owner', { owner: { reference: 'Practitioner/other' }, priority: 'stat' }),
  task('doctor-asap', { performerType: performer(DOCTOR), priority: 'asap', ...inState('NY') }),
  task('doctor-urgent', { performerType: performer(DOCTOR), priority: 'urgent', ...inState('CA') }),
  task('doctor-owned', {
    performerType: performer(DOCTOR),
    owner: { reference: 'Practitioner/x' },
    ...inState('NY'),
  }),
  task('doctor-done', { performerType: performer(DOCTOR), status: 'completed', ...inState('NY') }),
  task('nurse-ny', {
    performerType: performer(NURSE),
    priority: 'stat',
    status: 'on-hold',
    ...inState('NY'),
  }),
];

let h: ReplicaHarness;
const harnesses: ReplicaHarness[] = [];
afterAll(() => harnesses.forEach((harness) => harness.stop()));

/** A replica holding the patients and tasks, 'mine-deleted' deleted on this device. */
beforeAll(async () => {
  h = await replicaHarness();
  harnesses.push(h);
  await h.hold(patient('ny', 'NY'), patient('ca', 'CA'));
  await h.hold(...tasks);
  await h.service.applyChange({
    resourceType: 'Task',
    id: 'mine-deleted',
    kind: 'delete',
    commutes: false,
    label: 'Delete Task',
  });
});

/** The ids the task list shows for a URL query, page by page as the list asks for them. */
async function listed(search: [string, string][] | string, on = h): Promise<string[]> {
  const params = new URLSearchParams(search);
  const query = taskSearch(effectiveQuery(params, showsStatusTabs(params)));
  const found = await searchReplica(on.props.reader, 'Task', query.toString());
  if (found.status !== 'ready') throw new Error(`The replica answered ${found.status}`);
  return found.records.map((record) => record.id);
}

describe('which tasks belong in which queue, and in what order', () => {
  it('My Tasks: mine, not completed, not deleted; by priority, then due date with undated last', async () => {
    expect(await listed(myTasksQueue(ME).search)).toEqual([
      'mine-stat-early',
      'mine-stat-late',
      'mine-stat-undated',
      'mine-routine',
    ]);
  });

  it('a role queue: unowned, not completed, carrying the role as performer type', async () => {
    expect(await listed(roleTasksQueue({ code: DOCTOR, display: 'Doctor' }).search)).toEqual([
      'doctor-asap',
      'doctor-urgent',
    ]);
    expect(await listed(roleTasksQueue({ code: NURSE, display: 'Registered Nurse' }).search)).toEqual([
      'nurse-ny',
    ]);
  });

  it('a state queue: unowned, not completed, for a patient living in the state, any role', async () => {
    expect(await listed(stateTasksQueue('NY').search)).toEqual(['nurse-ny', 'doctor-asap']);
    expect(await listed(stateTasksQueue('CA').search)).toEqual(['doctor-urgent']);
    expect(await listed(stateTasksQueue('TX').search)).toEqual([]);
  });

  it('the Completed tab lists completed tasks only; a bare /Task is the Active tab', async () => {
    expect(await listed('status=completed')).toEqual(['mine-done', 'doctor-done']);
    expect(await listed('')).toHaveLength(9);
    expect(await listed('')).not.toContain('mine-done');
  });

  it('pages 20 rows at a time; the next page starts where the URL says', async () => {
    const many = await replicaHarness();
    harnesses.push(many);
    await many.hold(...Array.from({ length: 45 }, (_, i) => task(`t${String(i).padStart(2, '0')}`)));
    expect(await listed('', many)).toHaveLength(20);
    expect((await listed(withOffset(new URLSearchParams(), 40).toString(), many))[0]).toBe('t40');
    expect(await listed(withOffset(new URLSearchParams(), 40).toString(), many)).toHaveLength(5);
  });

  it('any filter of the URL narrows the list, as the server reads it', async () => {
    expect(await listed('priority=asap,urgent&_sort=priority')).toEqual(['doctor-asap', 'doctor-urgent']);
    expect(await listed('owner:missing=false&priority=stat&_sort=_id')).toEqual([
      'mine-stat-early',
      'mine-stat-late',
      'mine-stat-undated',
      'other-owner',
    ]);
  });

  it('queues (All Tasks too) show the queue columns, other lists the Task defaults, and _fields wins', () => {
    expect(parseFields(new URLSearchParams(myTasksQueue(ME).search))).toEqual([...QUEUE_FIELDS]);
    expect(parseFields(new URLSearchParams(ALL_TASKS_QUEUE.search))).toEqual([...QUEUE_FIELDS]);
    expect(parseFields(new URLSearchParams('status=completed&_offset=20'))).toEqual([...QUEUE_FIELDS]);
    expect(QUEUE_FIELDS).toEqual([
      'code',
      'owner',
      'for',
      'priority',
      'due-date',
      '_lastUpdated',
      'performerType',
    ]);
    expect(parseFields(new URLSearchParams('priority=asap'))).toEqual([...DEFAULT_TASK_FIELDS]);
    expect(parseFields(new URLSearchParams('_fields=code,status'))).toEqual(['code', 'status']);
  });

  it('hides the Active / Completed tabs on role and state queues only', () => {
    expect(showsStatusTabs(new URLSearchParams(myTasksQueue(ME).search))).toBe(true);
    expect(
      showsStatusTabs(new URLSearchParams(roleTasksQueue({ code: DOCTOR, display: 'Doctor' }).search))
    ).toBe(false);
    expect(showsStatusTabs(new URLSearchParams(stateTasksQueue('NY').search))).toBe(false);
    expect(showsStatusTabs(new URLSearchParams())).toBe(true);
  });
});
