import { describe, expect, it } from 'vitest';
import { DOCTOR, due, ME, NURSE, performer, taskRecord } from '../testing/records';
import { myTasksQueue, roleTasksQueue, stateTasksQueue } from './menuQueues';
import { DEFAULT_TASK_FIELDS, parseTaskQuery, QUEUE_FIELDS, selectTasks, showsStatusTabs } from './taskQuery';

const ids = (params: [string, string][]) =>
  selectTasks(records, parseTaskQuery(new URLSearchParams(params))).map((record) => record.id);

const records = [
  taskRecord('mine-routine', {
    owner: { reference: ME },
    priority: 'routine',
    restriction: due('2024-03-01T00:00:00Z'),
  }),
  taskRecord('mine-stat-late', {
    owner: { reference: ME },
    priority: 'stat',
    restriction: due('2024-05-01T00:00:00Z'),
  }),
  taskRecord('mine-stat-early', {
    owner: { reference: ME },
    priority: 'stat',
    restriction: due('2024-02-01T00:00:00Z'),
  }),
  taskRecord('mine-stat-undated', { owner: { reference: ME }, priority: 'stat' }),
  taskRecord('mine-done', { owner: { reference: ME }, priority: 'stat', status: 'completed' }),
  taskRecord('mine-deleted', { owner: { reference: ME }, priority: 'stat' }, { deleted: 1 }),
  taskRecord('other-owner', { owner: { reference: 'Practitioner/other' }, priority: 'stat' }),
  taskRecord('doctor-asap', { performerType: performer(DOCTOR), priority: 'asap' }, { patientState: 'NY' }),
  taskRecord(
    'doctor-urgent',
    { performerType: performer(DOCTOR), priority: 'urgent' },
    { patientState: 'CA' }
  ),
  taskRecord(
    'doctor-owned',
    { performerType: performer(DOCTOR), owner: { reference: 'Practitioner/x' } },
    { patientState: 'NY' }
  ),
  taskRecord(
    'doctor-done',
    { performerType: performer(DOCTOR), status: 'completed' },
    { patientState: 'NY' }
  ),
  taskRecord(
    'nurse-ny',
    { performerType: performer(NURSE), priority: 'stat', status: 'on-hold' },
    { patientState: 'NY' }
  ),
];

describe('which tasks belong in which queue, and in what order', () => {
  it('My Tasks: mine, not completed, not deleted; by priority, then due date with undated last', () => {
    expect(ids(myTasksQueue(ME).search)).toEqual([
      'mine-stat-early',
      'mine-stat-late',
      'mine-stat-undated',
      'mine-routine',
    ]);
  });

  it('a role queue: unowned, not completed, carrying the role as performer type', () => {
    expect(ids(roleTasksQueue({ code: DOCTOR, display: 'Doctor' }).search)).toEqual([
      'doctor-asap',
      'doctor-urgent',
    ]);
    expect(ids(roleTasksQueue({ code: NURSE, display: 'Registered Nurse' }).search)).toEqual(['nurse-ny']);
  });

  it('a state queue: unowned, not completed, for a patient living in the state, any role', () => {
    expect(ids(stateTasksQueue('NY').search)).toEqual(['nurse-ny', 'doctor-asap']);
    expect(ids(stateTasksQueue('CA').search)).toEqual(['doctor-urgent']);
    expect(ids(stateTasksQueue('TX').search)).toEqual([]);
  });

  it('the Completed tab lists completed tasks only; a list without filters lists all but deleted ones', () => {
    expect(ids([['status', 'completed']])).toEqual(['mine-done', 'doctor-done']);
    expect(ids([])).toHaveLength(records.length - 1);
  });

  it('equal tasks keep a stable order by id, and _lastUpdated descending puts unsynced tasks first', () => {
    const tied = [taskRecord('b', { priority: 'stat' }), taskRecord('a', { priority: 'stat' })];
    expect(selectTasks(tied, parseTaskQuery(new URLSearchParams())).map((r) => r.id)).toEqual(['a', 'b']);
    const dated = [
      taskRecord('old', {}, { lastUpdated: '2024-01-01T00:00:00Z' }),
      taskRecord('local', {}, { lastUpdated: '' }),
      taskRecord('new', {}, { lastUpdated: '2024-06-01T00:00:00Z' }),
    ];
    const query = parseTaskQuery(new URLSearchParams([['_sort', '-_lastUpdated']]));
    expect(selectTasks(dated, query).map((r) => r.id)).toEqual(['local', 'new', 'old']);
  });

  it('queues show the queue columns, other lists the Task defaults, and _fields wins', () => {
    expect(parseTaskQuery(new URLSearchParams(myTasksQueue(ME).search)).fields).toEqual([...QUEUE_FIELDS]);
    expect(parseTaskQuery(new URLSearchParams()).fields).toEqual([...DEFAULT_TASK_FIELDS]);
    expect(parseTaskQuery(new URLSearchParams('_fields=code,status')).fields).toEqual(['code', 'status']);
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
