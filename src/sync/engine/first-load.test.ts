import { describe, expect, it } from 'vitest';
import { ALICE_SMITH_ID } from '@mocks/seed';
import type { ResourceKey } from '@/db/types';
import { readSearchParameters } from '../local-query/definitions';
import { listeningFakeServer } from './testing/fake-server';
import { device } from './testing/harness';
import type { SyncStatus } from './types';

const baseUrl = listeningFakeServer();

/** The requests of a batch Bundle body: 'GET Task?...'. */
function batchRequests(body: string): string[] {
  const bundle = JSON.parse(body) as { entry?: { request: { method: string; url: string } }[] };
  return (bundle.entry ?? []).map((entry) => `${entry.request.method} ${entry.request.url}`);
}

describe('first load', () => {
  it('draws the first queue rows after one round trip and loads the rest in a few batches', async () => {
    const requestsBeforeRows: number[] = [];
    const definitionsAtFirstRows: string[][] = [];
    const statuses: SyncStatus[] = [];
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, {
      allTasksCap: 50,
      onChange: (keys: ResourceKey[]) => {
        if (!keys.some((key) => key.startsWith('Task/'))) return;
        requestsBeforeRows.push(doctor.faults.sent.length - before);
        void doctor.replica
          .transaction((tx) => readSearchParameters(tx))
          .then((definitions) => definitionsAtFirstRows.push(definitions?.bases ?? []));
      },
    });
    doctor.engine.onStatus((status) => statuses.push(status));
    const before = doctor.faults.sent.length;
    await doctor.engine.syncNow();
    const sent = doctor.faults.sent.slice(before);

    // Independent reads travel together: first the ones that need nothing, then the ones that need the roles.
    const [opening, second] = sent;
    expect(opening?.method).toBe('POST');
    expect(batchRequests(opening?.body ?? '')).toEqual([
      'GET metadata',
      `GET Practitioner/${ALICE_SMITH_ID}`,
      expect.stringMatching(/^GET PractitionerRole\?practitioner=Practitioner%2F/),
      expect.stringMatching(/^GET ValueSet\?/),
      expect.stringMatching(/^GET SearchParameter\?base=Resource%2CDomainResource%2CTask/),
      expect.stringMatching(/^GET Task\?owner=Practitioner%2F.*status%3Anot=completed/),
      expect.stringMatching(/^GET Task\?_sort=-_lastUpdated/),
    ]);
    const secondRequests = batchRequests(second?.body ?? '');
    expect(secondRequests.length).toBeGreaterThan(0);
    expect(secondRequests.every((request) => request.startsWith('GET Task?'))).toBe(true);
    // The rows were in the replica (and reported) after the first answer, before the second request,
    // with the search parameters the lists search them by.
    expect(requestsBeforeRows[0]).toBe(1);
    expect(definitionsAtFirstRows[0]).toContain('Task');
    // Then only what the tasks point at, in one more batch.
    expect(sent.length).toBeLessThanOrEqual(3);
    expect(sent.every((request) => request.method === 'POST')).toBe(true);

    const loading = statuses.flatMap((status) => (status.loading ? [status.loading] : []));
    expect(loading[0]?.rows).toBeGreaterThan(0);
    expect(loading[loading.length - 1]).toMatchObject({ percent: 100 });
    expect(loading.map((step) => step.rows)).toEqual(
      [...loading.map((step) => step.rows)].sort((a, b) => a - b)
    );
    expect(doctor.engine.status().loading).toBeUndefined();
    expect(await doctor.replica.transaction((tx) => tx.getCursor('Task'))).toBeDefined();
  });
});

describe('first load and offline creates', () => {
  it('stores the value sets with the first rows (the codes a create offers offline), even when the rest never arrives', async () => {
    const valueSetsAtFirstRows: number[] = [];
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, {
      allTasksCap: 50,
      onChange: (keys: ResourceKey[]) => {
        if (valueSetsAtFirstRows.length === 0 && keys.some((key) => key.startsWith('Task/')))
          void doctor.replica
            .transaction(async (tx) => (await tx.keysOfType('ValueSet')).length)
            .then((count) => valueSetsAtFirstRows.push(count));
      },
    });
    const serverValueSets = await doctor.server.search('ValueSet', { _summary: 'count' }, { noCache: true });
    // The rest of the load never arrives: the connection drops after the first answer.
    doctor.faults.onAnswered = () => {
      doctor.faults.inject('POST', /\/fhir\/R4\/?$/, 'offline', Infinity);
      doctor.faults.inject('GET', /\/fhir\/R4\//, 'offline', Infinity);
    };
    await doctor.engine.syncNow();
    expect(await doctor.replica.transaction((tx) => tx.getCursor('Task'))).toBeUndefined();
    expect(valueSetsAtFirstRows[0]).toBe(serverValueSets.total);
    expect(serverValueSets.total).toBeGreaterThan(0);
  });
});
