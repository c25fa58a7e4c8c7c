import type { Patient } from '@medplum/fhirtypes';
import { listSearchParameters } from '@mocks/engine/search';
import { describe, expect, it } from 'vitest';
import { serverRecords } from '@/db/derive';
import { MemoryReplicaStore } from '@/db/memory-replica';
import { SEARCH_PARAMETERS_META_KEY } from '@/sync/local-query';
import { storeReader } from '../replica/memory-reader';
import { globalSearch } from './search';

const patient = (id: string, given: string, family: string, ssn: string): Patient => ({
  resourceType: 'Patient',
  id,
  name: [{ given: [given], family }],
  identifier: [{ system: 'http://hl7.org/fhir/sid/us-ssn', value: ssn }],
});

async function replicaOf(patients: Patient[]) {
  const store = new MemoryReplicaStore();
  await store.transaction(async (tx) => {
    for (const record of serverRecords(patients)) await tx.putResource(record);
    await tx.putMeta(SEARCH_PARAMETERS_META_KEY, {
      fetchedAt: '2025-01-01T00:00:00Z',
      bases: ['Patient', 'Task'],
      parameters: listSearchParameters().filter((sp) => sp.base?.includes('Patient')),
    });
  });
  return storeReader(store);
}

describe('global search over the replica', () => {
  it('finds patients by a part of a name or by an identifier, best match first', async () => {
    const reader = await replicaOf([
      patient('p1', 'Anna', 'Ericson', '111-22-3333'),
      patient('p2', 'Eric', 'Jones', '444-55-6666'),
      patient('p3', 'Sean', "O'Brien", '777-88-9999'),
    ]);
    const byName = await globalSearch(reader, 'eric');
    expect(byName.patients.map((result) => result.id)).toEqual(['p2', 'p1']);
    const byIdentifier = await globalSearch(reader, '777-88-9999');
    expect(byIdentifier.patients).toEqual([
      expect.objectContaining({ id: 'p3', label: "Sean O'Brien", detail: '777-88-9999', position: 0 }),
    ]);
    expect((await globalSearch(reader, "o'bri")).patients.map((result) => result.id)).toEqual(['p3']);
    expect((await globalSearch(reader, 'say "hi"')).patients).toEqual([]);
    expect((await globalSearch(reader, '  ')).patients).toEqual([]);
  });
});
