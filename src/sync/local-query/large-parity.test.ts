import type { Resource } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeFakeServer } from '@mocks/node';
import { buildLargeTaskSeed, ROLE_CODES } from '@mocks/seed';
import type { ApiSession } from '@tests/fixtures/api-sign-in';
import type { LocalQueryEngine } from './engine';
import type { MemorySource } from './source';
import { allTasks, myTasks, roleQueue, stateQueue, withPage } from '@/fhir/task-queues';
import { createRecordReader, type ReplicaQueryReader } from './replica-reader';
import { localAnswer, parityWorld, serverAnswer, toStoredRecords } from './testing/parity';

const TASKS = 10_000;
const PATIENTS = 1_000;

let node: NodeFakeServer;
let doctor: ApiSession;
let engine: LocalQueryEngine;
let source: MemorySource;
let reader: ReplicaQueryReader;
let resources: Resource[];

beforeAll(async () => {
  const world = await parityWorld('doctor@example.com', (server) =>
    server.fake.engine.load({
      projects: [],
      resources: buildLargeTaskSeed({ tasks: TASKS, patients: PATIENTS }),
    })
  );
  ({ node, engine, resources, session: doctor } = world);
  source = engine.createSource(resources);
  reader = createRecordReader(toStoredRecords(resources));
}, 60_000);

afterAll(() => node.server.close());

const queries: [string, URLSearchParams][] = [
  ['My Tasks, first page', myTasks('Practitioner/practitioner-alice-smith')],
  ['My Tasks, all', withPage(myTasks('Practitioner/practitioner-alice-smith'), { count: 1000 })],
  [
    'Nurse’s tasks, page 3',
    withPage(myTasks('Practitioner/practitioner-bob-jones'), { count: 50, offset: 100 }),
  ],
  ['Doctor queue', withPage(roleQueue(ROLE_CODES.doctor), { count: 1000 })],
  [
    'Registered Nurse queue, page 2',
    withPage(roleQueue(ROLE_CODES.registeredNurse), { count: 20, offset: 20 }),
  ],
  ['Care Coordinator queue', roleQueue(ROLE_CODES.careCoordinator)],
  ['NY queue, all', withPage(stateQueue('NY'), { count: 1000 })],
  ['CA queue, page 6', withPage(stateQueue('CA'), { count: 20, offset: 100 })],
  ['TX queue, first page', stateQueue('TX')],
  ['Active, first page', allTasks('active')],
  ['Active, deep page', withPage(allTasks('active'), { count: 1000, offset: 4000 })],
  ['Completed, last page', withPage(allTasks('completed'), { count: 500, offset: 2000 })],
];

describe(`local answers equal the server on ${TASKS.toLocaleString('en')} random tasks`, () => {
  it('holds the large seed', () => {
    expect(resources.filter((r) => r.resourceType === 'Task').length).toBeGreaterThan(TASKS);
  });

  it.each(queries)('in memory: %s', async (_name, params) => {
    const server = await serverAnswer(doctor, 'Task', params);
    expect(server.ids.length).toBeGreaterThan(0);
    expect(localAnswer(engine.search(source, 'Task', params))).toEqual(server);
  });

  it.each(queries)('over replica records: %s', async (_name, params) => {
    const server = await serverAnswer(doctor, 'Task', params);
    expect(localAnswer(await engine.searchReplica(reader, 'Task', params))).toEqual(server);
  });
});
