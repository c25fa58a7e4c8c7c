import type { Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { MemoryStore, searchTask } from './test-store';

const PRIORITIES = ['stat', 'asap', 'urgent', 'routine'] as const;

function store(count: number): MemoryStore {
  return new MemoryStore(
    Array.from({ length: count }, (_, i) =>
      searchTask(`t${String(i).padStart(3, '0')}`, PRIORITIES[i % 4], {
        for: { reference: `Patient/p${i % 7}` },
      })
    )
  );
}

/** Every page of a search, one after another, as a client follows the next links. */
function allPages(target: MemoryStore, query: string, pageSize: number): string[] {
  const ids: string[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = target.ids('Task', `${query}&_count=${pageSize}&_offset=${offset}`);
    ids.push(...page);
    if (page.length < pageSize) return ids;
  }
}

describe('the pages of one search share its sorted matches', () => {
  it('pages read one after another give the whole sorted result, each match once', () => {
    const target = store(95);
    const whole = target.ids('Task', '_sort=-priority-order,_id&_count=1000');
    expect(whole).toHaveLength(95);
    expect(allPages(target, '_sort=-priority-order,_id', 10)).toEqual(whole);
    // Pages of another search (a filter every task passes) are its own and come out the same.
    expect(allPages(target, 'status=ready&_sort=-priority-order,_id', 7)).toEqual(whole);
  });

  it('a write between two pages is seen by the next page, as a fresh search would see it', () => {
    const target = store(30);
    const query = '_sort=-priority-order,_id';
    expect(target.ids('Task', `${query}&_count=10&_offset=0`)).toHaveLength(10);
    // A stat task sorts first: the next page moves by one, as without any cache.
    target.put(searchTask('new-stat', 'stat'));
    const second = target.ids('Task', `${query}&_count=10&_offset=10`);
    const fresh = target.ids('Task', `${query}&_count=1000`).slice(10, 20);
    expect(second).toEqual(fresh);
    target.delete('Task', 'new-stat');
    expect(target.ids('Task', `${query}&_count=1000`)).not.toContain('new-stat');
  });

  it('includes and totals belong to each page', () => {
    const patients: Resource[] = Array.from({ length: 7 }, (_, i) => ({
      resourceType: 'Patient',
      id: `p${i}`,
    }));
    const target = store(20);
    for (const patient of patients) target.put(patient);
    const page = (offset: number) =>
      target.engine.search(
        'Task',
        new URLSearchParams(`_sort=_id&_count=3&_offset=${offset}&_include=Task:patient`)
      );
    const first = page(0);
    const second = page(3);
    expect(first.total).toBe(20);
    expect(second.total).toBe(20);
    expect(first.included.map((r) => r.id).sort()).toEqual(['p0', 'p1', 'p2']);
    expect(second.included.map((r) => r.id).sort()).toEqual(['p3', 'p4', 'p5']);
  });

  it('a caller who sees only some tasks gets only those, before and after a caller who sees all', () => {
    const target = store(12);
    const query = new URLSearchParams('_sort=_id&_count=100');
    const all = target.engine.search('Task', query);
    const some = target.engine.search('Task', query, (type) =>
      type === 'Task' ? (resource) => Number((resource.id ?? '').slice(1)) % 2 === 0 : 'all'
    );
    expect(all.total).toBe(12);
    expect(some.total).toBe(6);
    expect(some.resources.every((r) => Number((r.id ?? '').slice(1)) % 2 === 0)).toBe(true);
    expect(target.engine.search('Task', query).total).toBe(12);
  });
});
