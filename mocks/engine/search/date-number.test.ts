import type { Observation, Patient, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { MemoryStore, searchTask } from './test-store';

const task = (
  id: string,
  priority: Task['priority'],
  start?: string,
  end?: string,
  lastUpdated?: string
): Task =>
  searchTask(id, priority, {
    meta: lastUpdated ? { lastUpdated } : undefined,
    restriction: start || end ? { period: { start, end } } : undefined,
  });

const store = new MemoryStore([
  { resourceType: 'Patient', id: 'p1990', birthDate: '1990-05-15' } as Patient,
  { resourceType: 'Patient', id: 'p1991', birthDate: '1991' } as Patient,
  { resourceType: 'Patient', id: 'none' } as Patient,
  task('stat', 'stat', '2024-05-01T00:00:00Z', '2024-05-01T23:59:59Z', '2024-05-01T10:00:00Z'),
  task('asap', 'asap', '2024-05-10', '2024-05-20', '2024-06-01T10:00:00.000Z'),
  task('urgent', 'urgent', undefined, undefined, '2024-07-01T10:00:00+02:00'),
  task('routine', 'routine', '2024-06-01'),
  task('none', undefined),
  weight('o1', 72.5, 'kg', 'kg'),
  weight('o2', 160, 'lb', '[lb_av]'),
]);

/** A body weight observation in UCUM units. */
function weight(id: string, value: number, unit: string, code: string): Observation {
  return {
    resourceType: 'Observation',
    id,
    status: 'final',
    code: { text: 'weight' },
    valueQuantity: { value, unit, system: 'http://unitsofmeasure.org', code },
  };
}

describe('date parameters', () => {
  it('a partial date is a range: year, month and day', () => {
    expect(store.ids('Patient', 'birthdate=1990')).toEqual(['p1990']);
    expect(store.ids('Patient', 'birthdate=1990-05')).toEqual(['p1990']);
    expect(store.ids('Patient', 'birthdate=1990-05-15')).toEqual(['p1990']);
    expect(store.ids('Patient', 'birthdate=1990-05-16')).toEqual([]);
  });

  it('eq needs the whole target inside the search range', () => {
    expect(store.ids('Patient', 'birthdate=eq1991-03')).toEqual([]);
    expect(store.ids('Patient', 'birthdate=eq1991')).toEqual(['p1991']);
  });

  it('gt, lt, ge, le compare ranges', () => {
    expect(store.ids('Patient', 'birthdate=gt1990-12-31')).toEqual(['p1991']);
    expect(store.ids('Patient', 'birthdate=lt1991-01-01')).toEqual(['p1990']);
    expect(store.ids('Patient', 'birthdate=ge1991')).toEqual(['p1991']);
    expect(store.ids('Patient', 'birthdate=le1990-05-15')).toEqual(['p1990']);
    expect(store.ids('Patient', 'birthdate=ne1990-05-15')).toEqual(['p1991']);
  });

  it('sa and eb need the target wholly after or before', () => {
    expect(store.ids('Patient', 'birthdate=sa1990')).toEqual(['p1991']);
    expect(store.ids('Patient', 'birthdate=eb1991')).toEqual(['p1990']);
    expect(store.ids('Patient', 'birthdate=eb1991-06')).toEqual(['p1990']);
  });

  it('ap matches dates within 10% of their distance from now', () => {
    expect(store.ids('Patient', 'birthdate=ap1990-05-14')).toEqual(['p1990', 'p1991']);
    expect(store.ids('Patient', 'birthdate=ap1970')).toEqual([]);
  });

  it('due-date searches the Task restriction period', () => {
    expect(store.ids('Task', 'due-date=2024-05-01')).toEqual(['stat']);
    expect(store.ids('Task', 'due-date=ge2024-05-15&due-date=lt2024-05-16')).toEqual(['asap']);
    expect(store.ids('Task', 'due-date=gt2024-05-25')).toEqual(['routine']);
    expect(store.ids('Task', 'due-date:missing=true')).toEqual(['urgent', 'none']);
  });

  it('_lastUpdated takes prefixes and full instants with time zones', () => {
    expect(store.ids('Task', '_lastUpdated=gt2024-06-01')).toEqual(['urgent']);
    expect(store.ids('Task', '_lastUpdated=ge2024-06-01&_lastUpdated=lt2024-07-02')).toEqual([
      'asap',
      'urgent',
    ]);
    expect(store.ids('Task', '_lastUpdated=2024-07-01T08:00:00Z')).toEqual(['urgent']);
    expect(store.ids('Task', '_lastUpdated=lt2024-05-01T10:00:01Z')).toEqual(['stat']);
  });

  it('rejects malformed dates and unknown prefixes with a 400 naming the parameter', () => {
    expect(store.rejection('Patient', 'birthdate=notadate').message).toContain('birthdate');
    expect(store.rejection('Patient', 'birthdate=2024-13').status).toBe(400);
    expect(store.rejection('Patient', 'birthdate=xx2024').message).toContain('Unknown prefix');
    expect(store.rejection('Task', '_lastUpdated=yesterday').message).toContain('_lastUpdated');
  });
});

describe('number and quantity parameters', () => {
  it('priority-order ranks stat 50, asap 40, urgent 30, routine 20, else 10', () => {
    expect(store.ids('Task', 'priority-order=50')).toEqual(['stat']);
    expect(store.ids('Task', 'priority-order=10')).toEqual(['none']);
    expect(store.ids('Task', 'priority-order=ge30')).toEqual(['stat', 'asap', 'urgent']);
    expect(store.ids('Task', 'priority-order=lt30')).toEqual(['routine', 'none']);
    expect(store.ids('Task', 'priority-order=ne40')).toEqual(['stat', 'urgent', 'routine', 'none']);
  });

  it('numbers honour the precision of the search value', () => {
    expect(store.ids('Observation', 'value-quantity=72')).toEqual([]);
    expect(store.ids('Observation', 'value-quantity=72.5')).toEqual(['o1']);
    expect(store.ids('Observation', 'value-quantity=ap70')).toEqual(['o1']);
  });

  it('quantities match number|system|code, and number||unit', () => {
    expect(store.ids('Observation', 'value-quantity=gt50|http://unitsofmeasure.org|kg')).toEqual(['o1']);
    expect(store.ids('Observation', 'value-quantity=gt50')).toEqual(['o1', 'o2']);
    expect(store.ids('Observation', 'value-quantity=gt50||lb')).toEqual(['o2']);
    expect(store.ids('Observation', 'value-quantity=le100')).toEqual(['o1']);
  });

  it('rejects malformed numbers', () => {
    expect(store.rejection('Task', 'priority-order=high').status).toBe(400);
    expect(store.rejection('Task', 'priority-order=gt').status).toBe(400);
    expect(store.rejection('Observation', 'value-quantity=5|a|b|c').status).toBe(400);
  });
});
