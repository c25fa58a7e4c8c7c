import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bundle, Patient, Task } from '@medplum/fhirtypes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInByApi, type ApiSession } from '../../tests/fixtures/api-sign-in';
import type { SavedSearchIndex } from '../engine/store';
import { MAIN_PROJECT_ID } from '../seed/constants';
import { createFakeServer } from '../server';
import { DurableStore } from './durable-store';
import { startHttpHost, type HttpHost } from './host';
import { readDataFile, writeSnapshotFile } from './snapshot-file';

let dir: string;
const open: HttpHost[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'carequeue-indexes-'));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((host) => host.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(dataFile: string, options: { compactJournalAtBytes?: number } = {}): Promise<HttpHost> {
  const host = await startHttpHost({ port: 0, dataFile, ...options });
  open.push(host);
  return host;
}

async function stop(host: HttpHost): Promise<void> {
  open.splice(open.indexOf(host), 1);
  await host.close();
}

async function json<T>(session: ApiSession, path: string, init?: RequestInit): Promise<T> {
  const response = await session.fetch(path, init);
  expect(response.status, path).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Searches over the hot parameters (and one without any), each answered as its total and ids in order. */
async function answers(session: ApiSession, patient: Patient): Promise<Record<string, unknown>> {
  const owner = encodeURIComponent(session.profile);
  const queries = [
    `Task?owner=${owner}&status:not=completed&_sort=-priority-order,due-date&_count=100`,
    `Task?owner=${owner}&_count=200`,
    `Task?status=ready,in-progress&_count=500`,
    `Task?patient=Patient/${patient.id}&_count=100`,
    `Task?subject=Patient/${patient.id}&_sort=due-date,_lastUpdated&_count=50`,
    `Patient?address-state=${patient.address?.[0]?.state ?? ''}&_count=100`,
    `Communication?subject=Patient/${patient.id}&_sort=-sent&_count=100`,
  ];
  const out: Record<string, unknown> = {};
  for (const query of queries) {
    const bundle = await json<Bundle>(session, `fhir/R4/${query}&_total=accurate`);
    out[query] = [
      bundle.total,
      ...(bundle.entry ?? []).map((e) => `${e.resource?.resourceType}/${e.resource?.id}`),
    ];
  }
  return out;
}

/** Writes that change what the hot searches find: new tasks, a task completed, a task deleted. */
async function changeTasks(session: ApiSession, patient: Patient): Promise<void> {
  const mine = await json<Bundle<Task>>(
    session,
    `fhir/R4/Task?owner=${encodeURIComponent(session.profile)}&status:not=completed&_count=3`
  );
  const [done, gone] = (mine.entry ?? []).map((e) => e.resource as Task);
  expect(done && gone).toBeTruthy();
  for (const priority of ['stat', 'routine'] as const) {
    await json(session, 'fhir/R4/Task', {
      method: 'POST',
      body: JSON.stringify({
        resourceType: 'Task',
        status: 'ready',
        intent: 'order',
        priority,
        owner: { reference: session.profile },
        for: { reference: `Patient/${patient.id}` },
      } satisfies Task),
    });
  }
  await json(session, `fhir/R4/Task/${done?.id}`, {
    method: 'PUT',
    body: JSON.stringify({ ...done, status: 'completed' }),
  });
  expect((await session.fetch(`fhir/R4/Task/${gone?.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
}

/** A copy of the data file and its journals whose snapshot carries no search indexes. */
function copyWithoutIndexes(dataFile: string, name: string): string {
  const copyDir = join(dir, name);
  cpSync(join(dir, 'live'), copyDir, { recursive: true });
  const copy = join(copyDir, 'data.json');
  const { state } = readDataFile(dataFile);
  rmSync(copy);
  writeSnapshotFile(copy, { ...state, searchIndexes: {} });
  return copy;
}

/**
 * On a running host: the tasks changed, then (after `settle`) the hot searches' answers; the host is
 * stopped.
 */
async function changeAndAnswer(
  host: HttpHost,
  settle?: (session: ApiSession) => Promise<void>
): Promise<{ patient: Patient; expected: unknown }> {
  const session = await signInByApi(host.url, 'doctor@example.com');
  const page = await json<Bundle<Patient>>(session, 'fhir/R4/Patient?_count=1');
  const patient = page.entry?.[0]?.resource as Patient;
  await changeTasks(session, patient);
  await settle?.(session);
  const expected = await answers(session, patient);
  await stop(host);
  return { patient, expected };
}

describe('search indexes saved with the snapshot', () => {
  it('answer every hot search after a restart as indexes built from the resources do', async () => {
    const dataFile = join(dir, 'live', 'data.json');
    const { patient, expected } = await changeAndAnswer(await start(dataFile));
    const saved = readDataFile(dataFile).state.searchIndexes?.[MAIN_PROJECT_ID] ?? [];
    expect(saved.map((index) => index.resourceType).sort()).toEqual(['Communication', 'Patient', 'Task']);
    const withoutIndexes = copyWithoutIndexes(dataFile, 'without');

    // The writes above are in the journal, after the indexes saved with the seed's snapshot.
    const withIndexes = await start(dataFile);
    const first = await signInByApi(withIndexes.url, 'doctor@example.com');
    expect(await answers(first, patient)).toEqual(expected);
    // A task that was in the saved index, given to the doctor after the restart, is found as theirs.
    const owner = encodeURIComponent(first.profile);
    const others = await json<Bundle<Task>>(first, `fhir/R4/Task?status=ready&owner:not=${owner}&_count=1`);
    const moved = others.entry?.[0]?.resource as Task;
    await json(first, `fhir/R4/Task/${moved.id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...moved, owner: { reference: first.profile } }),
    });
    const mine = await json<Bundle<Task>>(first, `fhir/R4/Task?owner=${owner}&status=ready&_count=500`);
    expect(mine.entry?.map((e) => e.resource?.id)).toContain(moved.id);
    await stop(withIndexes);

    const without = await start(withoutIndexes);
    const second = await signInByApi(without.url, 'doctor@example.com');
    expect(await answers(second, patient)).toEqual(expected);
  });

  it('carries the indexes, with the writes since, into the snapshot a compaction writes', async () => {
    const dataFile = join(dir, 'live', 'data.json');
    const live = await start(dataFile, { compactJournalAtBytes: 1 });
    const taskWrites = (): number | undefined =>
      readDataFile(dataFile).state.searchIndexes?.[MAIN_PROJECT_ID]?.find(
        (index) => index.resourceType === 'Task'
      )?.versions;
    const seeded = taskWrites() ?? 0;
    expect(seeded).toBeGreaterThan(0);
    // Each write starts a compaction when none is running: write until one started after the task
    // writes is in place.
    const { patient, expected } = await changeAndAnswer(live, async (session) => {
      for (let round = 0; round < 50 && (taskWrites() ?? 0) <= seeded; round++) {
        await json(session, 'fhir/R4/Patient', {
          method: 'POST',
          body: JSON.stringify({ resourceType: 'Patient', name: [{ family: `Settle${round}` }] }),
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    // The compactions after the writes saved the Task index as it was then, not the seed's.
    expect(taskWrites()).toBeGreaterThan(seeded);
    // The index covers exactly the Task writes the snapshot holds: both were taken at one instant.
    const { state } = readDataFile(dataFile);
    const main = state.engine.projects.find((project) => project.id === MAIN_PROJECT_ID);
    expect(main?.versions.filter((version) => version.resourceType === 'Task').length).toBe(taskWrites());
    expect(readdirSync(join(dir, 'live')).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const restarted = await start(dataFile);
    expect(await answers(await signInByApi(restarted.url, 'doctor@example.com'), patient)).toEqual(expected);
  });
});

describe('a restored engine given saved search indexes', () => {
  const doctor = {
    projectId: MAIN_PROJECT_ID,
    profile: { reference: 'Practitioner/practitioner-alice-smith' },
    login: 'login',
    clientId: 'client',
  };
  const myTasks =
    'Task?owner=Practitioner/practitioner-alice-smith&status:not=completed&_sort=-priority-order,due-date';

  /** Restores the saved data, hands it `indexes`, and answers My Tasks as ids in order. */
  async function myTasksWith(
    dataFile: string,
    indexes: (saved: readonly SavedSearchIndex[]) => SavedSearchIndex[]
  ): Promise<string[]> {
    const { state, searchIndexes } = DurableStore.load(dataFile);
    const fake = createFakeServer({ state });
    try {
      fake.engine.useSavedSearchIndexes(MAIN_PROJECT_ID, indexes(searchIndexes[MAIN_PROJECT_ID] ?? []));
      const response = await fake.engine.handle(new Request(`http://localhost/fhir/R4/${myTasks}`), doctor);
      const bundle = (await response.json()) as Bundle;
      return (bundle.entry ?? []).map((e) => e.resource?.id ?? '');
    } finally {
      fake.bots.dispose();
    }
  }

  /** The saved indexes, each counting the times its index is read (taken in). */
  function counted(
    reads: Map<string, number>,
    change: Partial<SavedSearchIndex> = {}
  ): (saved: readonly SavedSearchIndex[]) => SavedSearchIndex[] {
    return (saved: readonly SavedSearchIndex[]): SavedSearchIndex[] =>
      saved.map((entry) => ({
        resourceType: entry.resourceType,
        versions: entry.versions,
        lastId: entry.lastId,
        lastVersionId: entry.lastVersionId,
        ...change,
        get index() {
          reads.set(entry.resourceType, (reads.get(entry.resourceType) ?? 0) + 1);
          return entry.index;
        },
      }));
  }

  it('takes in an index that fits, builds one for a stale or unreadable index, and answers alike', async () => {
    const dataFile = join(dir, 'data.json');
    const { store } = DurableStore.load(dataFile);
    const seeded = createFakeServer({});
    store.attach(seeded, true);
    await store.close();
    seeded.bots.dispose();

    const built = await myTasksWith(dataFile, () => []);
    expect(built.length).toBeGreaterThan(0);

    const fitting = new Map<string, number>();
    expect(await myTasksWith(dataFile, counted(fitting))).toEqual(built);
    expect(fitting.get('Task')).toBe(1);

    // Saved for other writes than the type's history holds: not used.
    const stale = new Map<string, number>();
    expect(await myTasksWith(dataFile, counted(stale, { lastVersionId: '99' }))).toEqual(built);
    expect(await myTasksWith(dataFile, counted(stale, { versions: 1_000_000 }))).toEqual(built);
    expect(stale.get('Task')).toBeUndefined();

    const unreadable = (saved: readonly SavedSearchIndex[]): SavedSearchIndex[] =>
      saved.map((entry) => ({
        ...entry,
        get index(): never {
          throw new SyntaxError('Unexpected end of JSON input');
        },
      }));
    expect(await myTasksWith(dataFile, unreadable)).toEqual(built);
  });
});
