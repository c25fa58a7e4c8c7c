import { fdatasync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Bundle, OperationOutcome, Patient } from '@medplum/fhirtypes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInByApi, type ApiSession } from '../../tests/fixtures/api-sign-in';
import { DurableStore } from './durable-store';
import { startHttpHost, type HttpHost } from './host';
import type { JournalOptions } from './journal';

const realDatasync = promisify(fdatasync);

let dir: string;
let dataFile: string;
let host: HttpHost | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'carequeue-journal-sync-'));
  dataFile = join(dir, 'data.json');
});
afterEach(async () => {
  await host?.close();
  host = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A disk whose flushes the test holds: while `holding`, each flush waits until the test lets it go
 * (in the order they began), then flushes for real.
 */
function heldDisk(): JournalOptions & {
  holding: boolean;
  flushes: number;
  /** Resolves once `count` flushes have begun. */
  begun(count: number): Promise<void>;
  /** Lets the oldest held flush go on. */
  release(): void;
} {
  const held: (() => void)[] = [];
  const waiting: { count: number; done: () => void }[] = [];
  const disk = {
    holding: false,
    flushes: 0,
    async datasync(fd: number): Promise<void> {
      disk.flushes++;
      for (const wait of waiting.filter((candidate) => candidate.count <= disk.flushes)) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.done();
      }
      if (disk.holding) await new Promise<void>((go) => held.push(go));
      await realDatasync(fd);
    },
    begun(count: number): Promise<void> {
      if (disk.flushes >= count) return Promise.resolve();
      return new Promise<void>((done) => waiting.push({ count, done }));
    },
    release(): void {
      held.shift()?.();
    },
  };
  return disk;
}

/** Posts a patient; `answered` turns true when its answer arrives. */
function postPatient(
  session: ApiSession,
  family: string
): { answer: Promise<Response>; answered: () => boolean } {
  let answered = false;
  const answer = session
    .fetch('fhir/R4/Patient', {
      method: 'POST',
      body: JSON.stringify({ resourceType: 'Patient', name: [{ family }] }),
    })
    .finally(() => (answered = true));
  return { answer, answered: () => answered };
}

/** Searches patients by family name (reads do not wait for the disk); answers the ids found. */
async function findFamily(session: ApiSession, family: string): Promise<string[]> {
  const response = await session.fetch(`fhir/R4/Patient?family=${encodeURIComponent(family)}`);
  expect(response.status).toBe(200);
  return (((await response.json()) as Bundle<Patient>).entry ?? []).map(
    (entry) => entry.resource?.id as string
  );
}

/** A patient as a restart would read it now (undefined when the disk does not have it). */
function onDisk(id: string): unknown {
  const { state } = DurableStore.load(dataFile);
  for (const project of state?.engine.projects ?? []) {
    const found = project.versions.find((version) => version.resourceType === 'Patient' && version.id === id);
    if (found) return JSON.parse(JSON.stringify(found.resource)) as unknown;
  }
  return undefined;
}

const nextTurns = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('the journal flush of the npm start host', () => {
  it('answers searches while a flush is on the disk, and answers each write only after the flush that covers it', async () => {
    const disk = heldDisk();
    host = await startHttpHost({ port: 0, dataFile, journal: disk });
    const session = await signInByApi(host.url, 'doctor@example.com');
    disk.holding = true;
    const flushesBefore = disk.flushes;

    const first = postPatient(session, 'Heldfirst');
    await disk.begun(flushesBefore + 1);
    // The flush is held: a search is answered meanwhile, and it already sees the write in memory.
    expect(await findFamily(session, 'Heldfirst')).toHaveLength(1);
    // A write arriving while that flush runs goes into the next one.
    const second = postPatient(session, 'Heldsecond');
    while ((await findFamily(session, 'Heldsecond')).length === 0) await nextTurns(10);
    await nextTurns(50);
    expect(first.answered()).toBe(false);
    expect(second.answered()).toBe(false);

    disk.release();
    const firstAnswer = await first.answer;
    expect(firstAnswer.status).toBe(201);
    const firstPatient = (await firstAnswer.json()) as Patient;
    // The answer and the journal carry the same resource.
    expect(onDisk(firstPatient.id as string)).toEqual(firstPatient);
    // The second write's record was not covered by the first flush: its answer waits for its own.
    await disk.begun(flushesBefore + 2);
    await nextTurns(50);
    expect(second.answered()).toBe(false);

    disk.holding = false;
    disk.release();
    const secondAnswer = await second.answer;
    expect(secondAnswer.status).toBe(201);
    const secondPatient = (await secondAnswer.json()) as Patient;
    expect(onDisk(secondPatient.id as string)).toEqual(secondPatient);
  });

  it('answers 500 in words, not a stack, when the disk fails the flush, and acknowledges no write after it', async () => {
    let failing = false;
    host = await startHttpHost({
      port: 0,
      dataFile,
      journal: {
        datasync: (fd) =>
          failing ? Promise.reject(new Error('EIO: i/o error, fdatasync')) : realDatasync(fd),
      },
    });
    const session = await signInByApi(host.url, 'doctor@example.com');
    failing = true;

    for (const family of ['Unflushed', 'Afterfailure']) {
      const { answer } = postPatient(session, family);
      const refused = await answer;
      expect(refused.status, family).toBe(500);
      const outcome = (await refused.json()) as OperationOutcome;
      expect(outcome.resourceType).toBe('OperationOutcome');
      expect(outcome.issue[0]?.details?.text).toBe(
        'The server could not write the change to disk; it is not acknowledged'
      );
      expect(JSON.stringify(outcome)).not.toMatch(/EIO|fdatasync|\bat /);
    }
    // Reads go on being answered.
    expect((await session.fetch('fhir/R4/Patient?_count=1')).status).toBe(200);
  });
});
