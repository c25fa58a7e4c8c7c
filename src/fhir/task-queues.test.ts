import { describe, expect, it } from 'vitest';
import {
  allTasks,
  licensedStates,
  myTasks,
  queueFilters,
  roleCodings,
  roleQueue,
  stateQueue,
  taskQueues,
  withPage,
} from './task-queues';

const entries = (params: URLSearchParams): [string, string][] => [...params.entries()];

describe('the task queues as searches', () => {
  it('My Tasks: owned by me, not completed, by priority then due date', () => {
    expect(entries(myTasks('Practitioner/p1'))).toEqual([
      ['owner', 'Practitioner/p1'],
      ['status:not', 'completed'],
      ['_sort', '-priority-order,due-date'],
    ]);
  });

  it.each([
    ['a role queue: performer type is the role code', roleQueue('158965000'), ['performer', '158965000']],
    ['a state queue: the patient lives in the state', stateQueue('NY'), ['patient.address-state', 'NY']],
  ] as const)('%s, unowned, not completed', (_name, queue, filter) => {
    expect(entries(queue)).toEqual([
      ['owner:missing', 'true'],
      ['status:not', 'completed'],
      filter,
      ['_sort', '-priority-order,due-date'],
    ]);
  });

  it('All Tasks: the Active and Completed tabs', () => {
    expect(allTasks('active').toString()).toBe('status%3Anot=completed&_sort=-priority-order%2Cdue-date');
    expect(allTasks('completed').toString()).toBe('status=completed&_sort=-priority-order%2Cdue-date');
  });

  it('withPage asks for one page without changing the queue it was given', () => {
    const queue = myTasks('Practitioner/p1');
    const paged = withPage(queue, { count: 20, offset: 40 });
    expect(paged.get('_count')).toBe('20');
    expect(paged.get('_offset')).toBe('40');
    expect(queue.has('_count')).toBe(false);
  });
});

describe("a user's queues", () => {
  const practitioner = {
    resourceType: 'Practitioner' as const,
    id: 'p1',
    qualification: [
      {
        code: { text: 'licence' },
        extension: [
          {
            url: 'http://example.org/licence',
            extension: [
              { url: 'whereValid', valueCodeableConcept: { coding: [{ code: 'NY', display: 'New York' }] } },
              { url: 'whereValid', valueCodeableConcept: { coding: [{ code: 'CA' }] } },
              { url: 'other', valueCodeableConcept: { coding: [{ code: 'XX' }] } },
            ],
          },
        ],
      },
      {
        code: { text: 'again' },
        extension: [
          {
            url: 'x',
            extension: [{ url: 'whereValid', valueCodeableConcept: { coding: [{ code: 'NY' }] } }],
          },
        ],
      },
    ],
  };

  it('are My Tasks, each role, each licensed state, then All Tasks', () => {
    const queues = taskQueues({
      owner: 'Practitioner/p1',
      roles: [{ code: '158965000', display: 'Doctor' }],
      states: licensedStates(practitioner),
    });
    expect(queues.map((queue) => queue.kind)).toEqual(['mine', 'role', 'state', 'state', 'all']);
    expect(queues.map((queue) => queueFilters(queue))).toEqual([
      [...myTasks('Practitioner/p1')].slice(0, -1),
      [...roleQueue('158965000')].slice(0, -1),
      [...stateQueue('NY')].slice(0, -1),
      [...stateQueue('CA')].slice(0, -1),
      [],
    ]);
  });

  it('have no My Tasks without a profile', () => {
    expect(taskQueues({ roles: [], states: [] })).toEqual([{ kind: 'all' }]);
  });

  it('take licence states from whereValid only, once per code, with their display when given', () => {
    expect(licensedStates(practitioner)).toEqual([
      { code: 'NY', display: 'New York' },
      { code: 'CA', display: 'CA' },
    ]);
    expect(licensedStates({ resourceType: 'Patient' })).toEqual([]);
    expect(licensedStates(undefined)).toEqual([]);
  });

  it("take role queues from the practitioner's own roles, the first coding of each", () => {
    const role = (practitionerRef: string, code: string, display?: string) => ({
      resourceType: 'PractitionerRole' as const,
      practitioner: { reference: practitionerRef },
      code: [{ coding: [{ code, display }, { code: 'ignored' }] }],
    });
    const roles = [
      role('Practitioner/p1', 'doctor', 'Doctor'),
      role('Practitioner/p2', 'nurse'),
      role('Practitioner/p1', 'doctor'),
    ];
    expect(roleCodings(roles, 'Practitioner/p1')).toEqual([{ code: 'doctor', display: 'Doctor' }]);
    expect(roleCodings(roles).map((coding) => coding.code)).toEqual(['doctor', 'nurse']);
  });
});
