import type { Patient, Practitioner, Resource, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { listSearchParameters } from '@mocks/engine/search';
import { createLocalQueryEngine } from './engine';
import { myTasks, stateQueue } from '@/fhir/task-queues';
import { createRecordReader } from './replica-reader';
import { toStoredRecords } from './testing/parity';
import { countingReader } from './testing/replica';

const engine = createLocalQueryEngine({ definitions: listSearchParameters() });
const ME = 'Practitioner/me';

const practitioner: Practitioner = { resourceType: 'Practitioner', id: 'gp', name: [{ family: 'Smith' }] };
const patient = (id: string, state: string): Patient => ({
  resourceType: 'Patient',
  id,
  address: [{ state }],
  generalPractitioner: [{ reference: 'Practitioner/gp' }],
});
const task = (id: string, fields: Partial<Task> = {}): Task => ({
  resourceType: 'Task',
  id,
  status: 'ready',
  intent: 'order',
  priority: 'routine',
  for: { reference: 'Patient/ny' },
  ...fields,
});

const resources: Resource[] = [
  practitioner,
  patient('ny', 'NY'),
  patient('tx', 'TX'),
  task('c', { owner: { reference: ME } }),
  task('a', { owner: { reference: ME } }),
  task('b', { owner: { reference: ME }, priority: 'stat' }),
  task('d'),
  task('e', { for: { reference: 'Patient/tx' } }),
  task('f', { status: 'completed' }),
];
const ids = (found: { resources: Resource[] }): (string | undefined)[] => found.resources.map((r) => r.id);

describe('the local query engine', () => {
  it('breaks ties by id, whatever order it is given the resources in', () => {
    expect(ids(engine.search(resources, 'Task', myTasks(ME)))).toEqual(['b', 'a', 'c']);
    expect(ids(engine.search([...resources].reverse(), 'Task', myTasks(ME)))).toEqual(['b', 'a', 'c']);
  });

  it('matches a changed copy of a resource by its new values', () => {
    const source = engine.createSource(resources);
    expect(ids(engine.search(source, 'Task', myTasks(ME)))).toEqual(['b', 'a', 'c']);
    const released = task('a');
    expect(ids(engine.search([...resources, released], 'Task', myTasks(ME)))).toEqual(['b', 'c']);
  });

  it('needs the patients in memory for a chained search', () => {
    expect(engine.search(resources, 'Task', stateQueue('NY')).total).toBe(1);
    const tasksOnly = resources.filter((r) => r.resourceType === 'Task');
    expect(engine.search(tasksOnly, 'Task', stateQueue('NY')).total).toBe(0);
  });

  it('over the replica, reads only the patients a chain or _include reaches, by key', async () => {
    const reader = countingReader(createRecordReader(toStoredRecords(resources)));
    const found = await engine.searchReplica(
      reader,
      'Task',
      new URLSearchParams(`${stateQueue('TX')}&_include=Task:patient`)
    );
    expect(ids(found)).toEqual(['e']);
    expect(found.included.map((r) => r.id)).toEqual(['tx']);
    expect(reader.lists.map((l) => l.resourceType)).toEqual(['Task']);
    expect(reader.gets).toBe(1);
  });

  it('follows nested chains over the replica', async () => {
    const reader = createRecordReader(toStoredRecords(resources));
    const query = new URLSearchParams(
      'patient.general-practitioner:Practitioner.name=smith&status:not=completed'
    );
    expect(ids(await engine.searchReplica(reader, 'Task', query)).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('leaves deleted records out of the matches, the chains and the includes', async () => {
    const records = toStoredRecords(resources).map((record) =>
      record.key === 'Task/a' || record.key === 'Patient/tx' ? { ...record, deleted: 1 as const } : record
    );
    const reader = createRecordReader(records);
    expect(ids(await engine.searchReplica(reader, 'Task', myTasks(ME)))).toEqual(['b', 'c']);
    expect((await engine.searchReplica(reader, 'Task', stateQueue('TX'))).total).toBe(0);
    expect(
      ids(await engine.searchReplica(reader, 'Patient', new URLSearchParams('_sort=-_lastUpdated')))
    ).toEqual(['ny']);
  });
});
