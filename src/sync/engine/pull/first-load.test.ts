import { describe, expect, it } from 'vitest';
import { ALICE_SMITH_ID } from '@mocks/seed';
import type { ResourceKey } from '@/db/types';
import { readSearchParameters } from '@/sync/local-query/definitions';
import { listeningFakeServer } from '@/sync/engine/testing/fake-server';
import { device } from '@/sync/engine/testing/harness';
import type { SyncStatus } from '@/sync/engine/types';

const baseUrl = listeningFakeServer();

/** The requests of a batch Bundle body: 'GET Task?...'. */
function batchRequests(body: string): string[] {
  const bundle = JSON.parse(body) as { entry?: { request: { method: string; url: string } }[] };
  return (bundle.entry ?? []).map((entry) => `${entry.request.method} ${entry.request.url}`);
}

describe('first load', () => {
  it('draws the landing list after one round trip and loads the rest in a few batches, independent reads side by side', async () => {
    const requestsBeforeRows: number[] = [];
    const definitionsAtFirstRows: string[][] = [];
    const tasksAtFirstRows: string[][] = [];
    const statuses: SyncStatus[] = [];
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, {
      allTasksCap: 50,
      onChange: (keys: ResourceKey[]) => {
        if (!keys.some((key) => key.startsWith('Task/'))) return;
        requestsBeforeRows.push(doctor.faults.sent.length - before);
        void doctor.replica
          .transaction(async (tx) => {
            definitionsAtFirstRows.push((await readSearchParameters(tx))?.bases ?? []);
            tasksAtFirstRows.push(await tx.keysOfType('Task'));
          })
          .catch(() => undefined);
      },
    });
    // Task reports of the replica heard when the first pages were offered to the lists.
    const rowsStoredAtPreview: number[] = [];
    doctor.engine.onStatus((status) => {
      statuses.push(status);
      if (status.firstPages) rowsStoredAtPreview.push(requestsBeforeRows.length);
    });
    const landing = await doctor.server.search(
      'Task',
      { 'status:not': 'completed', _sort: '-priority-order,due-date', _count: 20 },
      { noCache: true }
    );
    const before = doctor.faults.sent.length;
    await doctor.engine.syncNow();
    // The clinical lists of the queue patients follow the load in a batch of their own.
    const clinical = /^GET (AllergyIntolerance|Condition|MedicationRequest|Observation)\?/;
    const sent = doctor.faults.sent
      .slice(before)
      .filter(
        (request) =>
          request.method !== 'POST' || !batchRequests(request.body).every((line) => clinical.test(line))
      );

    // The first request is one batch of every read that needs nothing else, the first page of My
    // Tasks and of the landing list (All Tasks, Active, by priority) among them.
    const [opening, ...rest] = sent;
    expect(opening?.method).toBe('POST');
    expect(batchRequests(opening?.body ?? '')).toEqual([
      `GET Practitioner/${ALICE_SMITH_ID}`,
      expect.stringMatching(/^GET PractitionerRole\?practitioner=Practitioner%2F/),
      expect.stringMatching(/^GET ValueSet\?/),
      expect.stringMatching(/^GET SearchParameter\?base=Resource%2CDomainResource%2CTask/),
      expect.stringMatching(
        /^GET Task\?status%3Anot=completed&owner=Practitioner%2F.*&_sort=-priority-order%2Cdue-date&_count=20&/
      ),
      expect.stringMatching(/^GET Task\?status%3Anot=completed&_sort=-priority-order%2Cdue-date&_count=20&/),
      'GET Task?_summary=count',
    ]);
    // The rows were in the replica (and reported) after its answer, before the next request, with
    // the search parameters the lists search them by: the landing list's first page as the server has it.
    expect(requestsBeforeRows[0]).toBe(1);
    await expect.poll(() => tasksAtFirstRows.length).toBeGreaterThan(0);
    expect(definitionsAtFirstRows[0]).toContain('Task');
    const landingKeys = (landing.entry ?? []).map((entry) => `Task/${entry.resource?.id ?? ''}`);
    expect(landingKeys).toHaveLength(20);
    expect(tasksAtFirstRows[0]).toEqual(expect.arrayContaining(landingKeys));

    // Then, together, neither waiting for the other: every queue of the user (her roles and states
    // now known) in one batch, and the CapabilityStatement; last, what the tasks point at in one
    // more batch. Nothing else.
    const together = rest.slice(0, 2);
    expect(together.map((request) => request.answeredBefore)).toEqual([
      (opening?.answeredBefore ?? 0) + 1,
      (opening?.answeredBefore ?? 0) + 1,
    ]);
    expect(together.find((request) => request.method === 'GET')?.url).toMatch(/\/fhir\/R4\/metadata$/);
    const queues = together.find((request) => request.method === 'POST');
    const queueRequests = batchRequests(queues?.body ?? '');
    expect(queueRequests).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET Task\?owner=Practitioner%2F/),
        expect.stringMatching(/^GET Task\?owner%3Amissing=true&status%3Anot=completed&performer=/),
        expect.stringMatching(
          /^GET Task\?owner%3Amissing=true&status%3Anot=completed&patient.address-state=/
        ),
        expect.stringMatching(/^GET Task\?_sort=-_lastUpdated/),
      ])
    );
    expect(queueRequests.every((request) => request.startsWith('GET Task?'))).toBe(true);
    const later = rest.slice(2);
    expect(later.length).toBeLessThanOrEqual(1);
    expect(later.every((request) => request.method === 'POST')).toBe(true);

    // The landing list's first page was offered to the page with its exact list search as soon as
    // it arrived, before the replica stored it; the offer ended with the load.
    const offered = statuses.find((status) => status.firstPages)?.firstPages ?? [];
    const landingPage = offered.find(
      (page) => page.query === 'status%3Anot=completed&_sort=-priority-order%2Cdue-date&_count=20&_offset=0'
    );
    expect(landingPage?.profile).toBe(`Practitioner/${ALICE_SMITH_ID}`);
    expect(landingPage?.tasks.map((task) => `Task/${task.id ?? ''}`)).toEqual(landingKeys);
    expect(offered.find((page) => page.query.includes('owner=Practitioner'))).toBeDefined();
    expect(rowsStoredAtPreview[0]).toBe(0);
    expect(doctor.engine.status().firstPages).toBeUndefined();

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

describe('first load and changes made meanwhile', () => {
  it('sends an edit made once the first rows show before the rest of the load, not after it', async () => {
    let edited: Promise<unknown> | undefined;
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, {
      allTasksCap: 50,
      onChange: (keys: ResourceKey[]) => {
        const task = keys.find((key) => key.startsWith('Task/'));
        if (edited || !task) return;
        // The user edits a task as soon as the first rows are drawn.
        edited = doctor.engine.applyChange({
          resourceType: 'Task',
          id: task.split('/')[1],
          kind: 'patch',
          operations: [{ op: 'add', path: '/description', value: 'Edited during the first load' }],
          commutes: false,
          label: 'Edit Task',
        });
      },
    });
    const before = doctor.faults.sent.length;
    await doctor.engine.syncNow();
    await edited;
    const sent = doctor.faults.sent.slice(before).map((request) => `${request.method} ${request.url}`);
    const patch = sent.findIndex((line) => line.startsWith('PATCH '));
    expect(patch).toBeGreaterThan(0);
    // Reads of the first load itself (not the clinical lists, which always come after) follow the edit.
    const loadReadsAfter = doctor.faults.sent
      .slice(before + patch + 1)
      .filter(
        (request) =>
          request.method === 'GET' ||
          (request.method === 'POST' && !/Observation\?|AllergyIntolerance\?/.test(request.body))
      );
    expect(loadReadsAfter.length).toBeGreaterThan(0);
    expect(doctor.engine.status()).toMatchObject({ pending: 0, conflicts: 0, failed: 0 });
  });
});
