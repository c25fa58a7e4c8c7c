import type { Patient } from '@medplum/fhirtypes';
import { listSearchParameters } from '@mocks/engine/search';
import { describe, expect, it } from 'vitest';
import { serverRecords } from '@/db/derive';
import { MemoryReplicaStore } from '@/db/memory-replica';
import { SEARCH_PARAMETERS_META_KEY, writeSearchParameters } from '@/sync/local-query';
import { storeReader } from './memory-reader';
import { searchReplica } from './search';

const patients: Patient[] = [
  { resourceType: 'Patient', id: 'p1', name: [{ family: 'Ericson' }], gender: 'female' },
  { resourceType: 'Patient', id: 'p2', name: [{ family: 'Jones' }], gender: 'male' },
];

/** A reader over a replica of the patients that counts which meta values it read. */
async function countingReplica() {
  const store = new MemoryReplicaStore();
  await store.transaction(async (tx) => {
    for (const record of serverRecords(patients)) await tx.putResource(record);
  });
  const reader = storeReader(store);
  const metaReads: string[] = [];
  const counting = {
    ...reader,
    meta: <T>(key: string) => {
      metaReads.push(key);
      return reader.meta<T>(key);
    },
  };
  const define = (fetchedAt: string, bases: string[]) =>
    store.transaction((tx) =>
      writeSearchParameters(
        tx,
        listSearchParameters().filter((sp) => sp.base?.some((base) => bases.includes(base))),
        { fetchedAt, bases }
      )
    );
  return { reader: counting, metaReads, define };
}

describe('searching the replica', () => {
  it('reads the search definitions once per version, and again when new ones are written', async () => {
    const { reader, metaReads, define } = await countingReplica();
    expect(await searchReplica(reader, 'Patient', 'gender=male')).toEqual({ status: 'not-held' });

    await define('2031-01-01T00:00:00.000Z', ['Resource', 'DomainResource', 'Patient']);
    metaReads.length = 0;
    const first = await searchReplica(reader, 'Patient', 'gender=male');
    expect(first.status === 'ready' && first.records.map((record) => record.key)).toEqual(['Patient/p2']);
    expect(metaReads).toContain(SEARCH_PARAMETERS_META_KEY);

    metaReads.length = 0;
    const again = await searchReplica(reader, 'Patient', 'gender=female');
    expect(again.status === 'ready' && again.records.map((record) => record.key)).toEqual(['Patient/p1']);
    expect(metaReads).not.toContain(SEARCH_PARAMETERS_META_KEY);

    // New definitions that no longer hold Patient: the next search reads them and follows them.
    await define('2031-01-02T00:00:00.000Z', ['Resource', 'DomainResource', 'Task']);
    metaReads.length = 0;
    expect(await searchReplica(reader, 'Patient', 'gender=male')).toEqual({ status: 'not-held' });
    expect(metaReads).toContain(SEARCH_PARAMETERS_META_KEY);
  });

  it('a replica written before the stamp existed is still searched from its definitions', async () => {
    const { reader } = await countingReplica();
    const store = new MemoryReplicaStore();
    await store.transaction(async (tx) => {
      for (const record of serverRecords(patients)) await tx.putResource(record);
      await tx.putMeta(SEARCH_PARAMETERS_META_KEY, {
        fetchedAt: '2030-05-05T00:00:00.000Z',
        bases: ['Resource', 'DomainResource', 'Patient'],
        parameters: listSearchParameters().filter((sp) => sp.base?.includes('Patient')),
      });
    });
    const found = await searchReplica(storeReader(store), 'Patient', 'gender=female');
    expect(found.status === 'ready' && found.total).toBe(1);
    expect(await searchReplica(reader, 'Patient', 'gender=female')).toEqual({ status: 'not-held' });
  });
});
