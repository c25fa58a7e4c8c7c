import type { Patient, ServiceRequest } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { rankGlobalSearch } from './ranking';

const patient = (id: string, given: string, family: string, mrn?: string): Patient => ({
  resourceType: 'Patient',
  id,
  name: [{ given: [given], family }],
  ...(mrn ? { identifier: [{ system: 'http://example.org/mrn', value: mrn }] } : {}),
});

const order = (id: string, identifier: string, code: string): ServiceRequest => ({
  resourceType: 'ServiceRequest',
  id,
  status: 'active',
  intent: 'order',
  subject: { reference: 'Patient/1' },
  identifier: [{ value: identifier }],
  code: { text: code },
});

const labels = (query: string, resources: (Patient | ServiceRequest)[], limit?: number) =>
  rankGlobalSearch(query, resources, limit).map((result) => result.label);

describe('global search ranking', () => {
  it('puts the earliest match in an identifier or name first', () => {
    const found = [
      patient('1', 'Anna', 'Ericson'),
      patient('2', 'Eric', 'Jones'),
      patient('3', 'Maria', 'Lopez', 'ER-1001'),
      patient('4', 'Frederic', 'Hall'),
    ];
    expect(labels('eric', found)).toEqual(['Eric Jones', 'Frederic Hall', 'Anna Ericson']);
    expect(labels('er-1', found)).toEqual(['Maria Lopez']);
  });

  it('ignores case and surrounding spaces, and leaves out what does not match', () => {
    expect(labels('  JONES ', [patient('1', 'Eric', 'Jones'), patient('2', 'Ann', 'Lee')])).toEqual([
      'Eric Jones',
    ]);
    expect(labels('', [patient('1', 'Eric', 'Jones')])).toEqual([]);
  });

  it('breaks ties by the shorter matching text, then by name', () => {
    const found = [
      patient('1', 'Bob', 'Smithson'),
      patient('2', 'Zed', 'Smith'),
      patient('3', 'Al', 'Smith'),
    ];
    expect(labels('smith', found)).toEqual(['Al Smith', 'Zed Smith', 'Bob Smithson']);
  });

  it('keeps at most five, and names the identifier that matched', () => {
    const many = Array.from({ length: 8 }, (_, i) => patient(String(i), 'Pat', `Doe${i}`));
    expect(rankGlobalSearch('doe', many)).toHaveLength(5);
    const [result] = rankGlobalSearch('SR-7', [order('sr1', 'SR-77', 'Chest X-ray')]);
    expect(result).toMatchObject({
      resourceType: 'ServiceRequest',
      id: 'sr1',
      label: 'Chest X-ray',
      detail: 'SR-77',
      position: 0,
    });
  });
});
