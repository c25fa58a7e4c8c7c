import { describe, expect, it } from 'vitest';
import { allTasks, myTasks, roleQueue, stateQueue, withPage } from './queues';

const entries = (params: URLSearchParams): [string, string][] => [...params.entries()];

describe('the task queues as searches (spec §2, §7)', () => {
  it('My Tasks: owned by me, not completed, by priority then due date', () => {
    expect(entries(myTasks('Practitioner/p1'))).toEqual([
      ['owner', 'Practitioner/p1'],
      ['status:not', 'completed'],
      ['_sort', '-priority-order,due-date'],
    ]);
  });

  it('a role queue: unowned, not completed, performer type is the role code', () => {
    expect(entries(roleQueue('158965000'))).toEqual([
      ['owner:missing', 'true'],
      ['status:not', 'completed'],
      ['performer', '158965000'],
      ['_sort', '-priority-order,due-date'],
    ]);
  });

  it('a state queue: unowned, not completed, the patient lives in the state', () => {
    expect(entries(stateQueue('NY'))).toEqual([
      ['owner:missing', 'true'],
      ['status:not', 'completed'],
      ['patient.address-state', 'NY'],
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
