import type { Communication, Patient, Practitioner, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { MemoryStore, searchTask } from './test-store';

const task = (
  id: string,
  priority: Task['priority'],
  due: string | undefined,
  extra: Partial<Task> = {}
): Task => searchTask(id, priority, { restriction: due ? { period: { end: due } } : undefined, ...extra });

const store = new MemoryStore([
  { resourceType: 'Practitioner', id: 'doc', name: [{ family: 'Smith' }] } as Practitioner,
  { resourceType: 'Patient', id: 'zed', name: [{ family: 'Zed' }], birthDate: '1980' } as Patient,
  { resourceType: 'Patient', id: 'amy', name: [{ family: 'Åberg' }], birthDate: '1990' } as Patient,
  { resourceType: 'Patient', id: 'bob', name: [{ family: 'Brown' }] } as Patient,
  task('r-late', 'routine', '2024-06-03', {
    for: { reference: 'Patient/zed' },
    owner: { reference: 'Practitioner/doc' },
  }),
  task('s-late', 'stat', '2024-06-02', { for: { reference: 'Patient/amy' } }),
  task('r-early', 'routine', '2024-06-01', { for: { reference: 'Patient/zed' } }),
  task('s-early', 'stat', '2024-05-01'),
  task('s-nodue', 'stat', undefined),
  task('u', 'urgent', '2024-01-01'),
  task('child', 'routine', undefined, { partOf: [{ reference: 'Task/s-early' }] }),
  {
    resourceType: 'Communication',
    id: 'm1',
    status: 'completed',
    partOf: [{ reference: 'Task/s-early' }],
  } as Communication,
  {
    resourceType: 'Communication',
    id: 'm2',
    status: 'completed',
    partOf: [{ reference: 'Task/u' }],
  } as Communication,
]);

describe('_sort', () => {
  it('sorts by several keys: highest priority first, then earliest due date, undated last', () => {
    expect(store.ids('Task', '_sort=-priority-order,due-date&_count=100')).toEqual([
      's-early',
      's-late',
      's-nodue',
      'u',
      'r-early',
      'r-late',
      'child',
    ]);
  });

  it('sorts strings by first value ignoring accents, and descending with -', () => {
    expect(store.ids('Patient', '_sort=family')).toEqual(['amy', 'bob', 'zed']);
    expect(store.ids('Patient', '_sort=-family')).toEqual(['zed', 'bob', 'amy']);
  });

  it('puts resources without a value last in ascending order', () => {
    expect(store.ids('Patient', '_sort=birthdate')).toEqual(['zed', 'amy', 'bob']);
  });

  it('sorts tokens by code and _id', () => {
    expect(store.ids('Task', '_sort=priority,_id&_count=4')).toEqual([
      'child',
      'r-early',
      'r-late',
      's-early',
    ]);
    expect(store.ids('Patient', '_sort=-_id')).toEqual(['zed', 'bob', 'amy']);
  });

  it('rejects an unknown sort key with a 400', () => {
    const err = store.rejection('Task', '_sort=-shoe-size');
    expect(err.status).toBe(400);
    expect(err.message).toContain('shoe-size');
  });
});

describe('paging', () => {
  it('_count and _offset cut the sorted matches; total counts them all', () => {
    const page = store.engine.search('Task', new URLSearchParams('_sort=_id&_count=2&_offset=2'));
    expect(page.resources.map((r) => r.id)).toEqual(['r-late', 's-early']);
    expect(page.total).toBe(7);
  });

  it('defaults to 20 per page and caps at 1000', () => {
    expect(store.ids('Task', '').length).toBe(7);
    expect(store.ids('Task', '_count=5000').length).toBe(7);
  });

  it('_count=0 gives the total only', () => {
    const page = store.engine.search('Task', new URLSearchParams('status=ready&_count=0'));
    expect(page.resources).toEqual([]);
    expect(page.total).toBe(7);
  });

  it('an offset past the end gives an empty page', () => {
    expect(store.ids('Task', '_offset=50')).toEqual([]);
  });

  it('rejects a malformed _count or _offset', () => {
    expect(store.rejection('Task', '_count=abc').message).toContain('_count');
    expect(store.rejection('Task', '_offset=-1').message).toContain('_offset');
  });

  it('accepts and ignores _total, _summary, _elements, _format and _pretty', () => {
    expect(
      store.ids('Patient', '_total=accurate&_summary=true&_elements=id&_format=json&_pretty=true')
    ).toHaveLength(3);
  });
});

describe('_include and _revinclude', () => {
  it('_include adds the referenced resources of the page, once each', () => {
    const page = store.engine.search('Task', new URLSearchParams('_id=r-late,r-early&_include=Task:patient'));
    expect(page.resources.map((r) => r.id)).toEqual(['r-late', 'r-early']);
    expect(page.included.map((r) => `${r.resourceType}/${r.id}`)).toEqual(['Patient/zed']);
  });

  it('_include with a target type only follows references of that type', () => {
    const page = store.engine.search(
      'Task',
      new URLSearchParams('_id=r-late&_include=Task:owner:Practitioner')
    );
    expect(page.included.map((r) => r.id)).toEqual(['doc']);
    const none = store.engine.search(
      'Task',
      new URLSearchParams('_id=r-late&_include=Task:owner:Organization')
    );
    expect(none.included).toEqual([]);
  });

  it('_revinclude adds resources that point at the page', () => {
    const page = store.engine.search(
      'Task',
      new URLSearchParams('_id=s-early&_revinclude=Communication:part-of')
    );
    expect(page.included.map((r) => r.id)).toEqual(['m1']);
  });

  it(':iterate follows includes of included resources', () => {
    const query = '_id=m1&_include=Communication:part-of&_revinclude:iterate=Task:part-of';
    const page = store.engine.search('Communication', new URLSearchParams(query));
    expect(page.included.map((r) => r.id)).toEqual(['s-early', 'child']);
  });

  it('rejects an include of an unknown or non-reference parameter', () => {
    expect(store.rejection('Task', '_include=Task:status').status).toBe(400);
    expect(store.rejection('Task', '_include=Task').status).toBe(400);
  });
});
