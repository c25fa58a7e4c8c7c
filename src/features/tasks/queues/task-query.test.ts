import type { Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { listSearchParameters } from '@mocks/engine/search';
import { deriveFields } from '@/db/derive';
import type { StoredResource } from '@/db/types';
import { createLocalQueryEngine, createRecordReader } from '@/sync/local-query';
import { effectiveQuery } from '../list/status-tabs';
import { DOCTOR, due, ME, NURSE, performer, taskRecord } from '../testing/records';
import { myTasksQueue, roleTasksQueue, stateTasksQueue } from './menu-queues';
import { DEFAULT_TASK_FIELDS, parseFields, QUEUE_FIELDS, showsStatusTabs, taskSearch } from './task-query';
import { withOffset } from '@/ui';

/**
 * The queue rules as the task list applies them: the menu's queue URLs and the list's own additions
 * (status tab, default sort, page) run through the local query engine, as the list does.
 */
const engine = createLocalQueryEngine({ definitions: listSearchParameters() });

function patientRecord(id: string, state: string): StoredResource {
  const resource: Patient = { resourceType: 'Patient', id, address: [{ state }] };
  return {
    key: `Patient/${id}`,
    resourceType: 'Patient',
    id,
    resource,
    pending: 0,
    deleted: 0,
    lastUpdated: '',
  };
}

const inState = (state: string) => ({ for: { reference: `Patient/${state.toLowerCase()}` } });
/** The patient's state as the replica copies it onto the task on every write. */
const stateOf = (record: StoredResource): Partial<StoredResource> =>
  record.patient ? { patientState: record.patient.slice('Patient/'.length).toUpperCase() } : {};

const records: StoredResource[] = [
  patientRecord('ny', 'NY'),
  patientRecord('ca', 'CA'),
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
  taskRecord('doctor-asap', { performerType: performer(DOCTOR), priority: 'asap', ...inState('NY') }),
  taskRecord('doctor-urgent', { performerType: performer(DOCTOR), priority: 'urgent', ...inState('CA') }),
  taskRecord('doctor-owned', {
    performerType: performer(DOCTOR),
    owner: { reference: 'Practitioner/x' },
    ...inState('NY'),
  }),
  taskRecord('doctor-done', { performerType: performer(DOCTOR), status: 'completed', ...inState('NY') }),
  taskRecord('nurse-ny', {
    performerType: performer(NURSE),
    priority: 'stat',
    status: 'on-hold',
    ...inState('NY'),
  }),
]
  .map((record) => ({ ...record, ...deriveFields(record.resource) }))
  .map((record) => ({ ...record, ...stateOf(record) }));

/** The ids the task list shows for a URL query, page by page as the list asks for them. */
async function listed(search: [string, string][] | string, rows = records): Promise<string[]> {
  const params = new URLSearchParams(search);
  const query = taskSearch(effectiveQuery(params, showsStatusTabs(params)));
  const found = await engine.searchReplica(createRecordReader(rows), 'Task', query);
  return found.resources.map((resource) => resource.id ?? '');
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
    const many = Array.from({ length: 45 }, (_, i) => taskRecord(`t${String(i).padStart(2, '0')}`));
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

  it('queues show the queue columns, other lists the Task defaults, and _fields wins', () => {
    expect(parseFields(new URLSearchParams(myTasksQueue(ME).search))).toEqual([...QUEUE_FIELDS]);
    expect(parseFields(new URLSearchParams())).toEqual([...DEFAULT_TASK_FIELDS]);
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
