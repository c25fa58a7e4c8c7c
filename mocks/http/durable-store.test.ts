import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bundle, Patient } from '@medplum/fhirtypes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInByApi, type ApiSession } from '../../tests/fixtures/api-sign-in';
import { DurableStore } from './durable-store';
import { startHttpHost, type HttpHost } from './host';

let dir: string;
let dataFile: string;
const open: HttpHost[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'carequeue-durable-'));
  dataFile = join(dir, 'data.json');
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((host) => host.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(options: { compactJournalAtBytes?: number } = {}): Promise<HttpHost> {
  const host = await startHttpHost({ port: 0, dataFile, ...options });
  open.push(host);
  return host;
}

/** Stops a host cleanly. */
async function stop(host: HttpHost): Promise<void> {
  await host.close();
  open.splice(open.indexOf(host), 1);
}

/** Starts a host on the data file and reads a patient's family name there. */
async function familyAfterStart(id: string): Promise<string | undefined> {
  const host = await start();
  const reader = await signInByApi(host.url, 'doctor@example.com');
  return ((await (await reader.fetch(`fhir/R4/Patient/${id}`)).json()) as Patient).name?.[0]?.family;
}

async function createPatient(session: ApiSession, family: string): Promise<string> {
  const response = await session.fetch('fhir/R4/Patient', {
    method: 'POST',
    body: JSON.stringify({ resourceType: 'Patient', name: [{ family }] }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as Patient).id as string;
}

/** The state a host would start from if the process died now, without closing anything. */
function stateAfterCrash(): Map<string, number> {
  const { state } = DurableStore.load(dataFile);
  const versions = new Map<string, number>();
  for (const project of state?.engine.projects ?? []) {
    for (const version of project.versions) {
      const key = `${version.resourceType}/${version.id}`;
      versions.set(key, (versions.get(key) ?? 0) + 1);
    }
  }
  return versions;
}

const journals = (): string[] => readdirSync(dir).filter((name) => name.includes('.journal.'));
const journalPath = (): string => join(dir, journals()[0] as string);

describe('the durable store of the npm start host', () => {
  it('has a write on disk before its 201 answer, without a close or a timer', async () => {
    const host = await start();
    const session = await signInByApi(host.url, 'doctor@example.com');
    const id = await createPatient(session, 'Acknowledged');
    expect(stateAfterCrash().get(`Patient/${id}`)).toBe(1);
  });

  it('costs a write only its change: the journal grows by kilobytes, the snapshot is not rewritten', async () => {
    const host = await start();
    const session = await signInByApi(host.url, 'doctor@example.com');
    await createPatient(session, 'Warm-up');
    const snapshotBefore = statSync(dataFile);
    const journalBefore = statSync(journalPath()).size;
    await createPatient(session, 'Small');
    expect(statSync(journalPath()).size - journalBefore).toBeLessThan(4096);
    expect(statSync(dataFile).mtimeMs).toBe(snapshotBefore.mtimeMs);
    expect(snapshotBefore.size).toBeGreaterThan(1_000_000);
  });

  it('costs a sign-in its own records, not every earlier sign-in, and keeps its session across a restart', async () => {
    const host = await start();
    const journalGrowth = async (): Promise<{ bytes: number; session: ApiSession }> => {
      const before = statSync(journalPath()).size;
      const session = await signInByApi(host.url, 'nurse@example.com');
      return { bytes: statSync(journalPath()).size - before, session };
    };
    const first = await journalGrowth();
    for (let i = 0; i < 20; i++) await signInByApi(host.url, 'nurse@example.com');
    const later = await journalGrowth();
    expect(later.bytes).toBeLessThan(first.bytes * 1.5);
    await stop(host);
    const restarted = await start();
    const answer = await fetch(new URL('fhir/R4/Patient?_count=1', restarted.url), {
      headers: { Authorization: `Bearer ${later.session.accessToken}` },
    });
    expect(answer.status).toBe(200);
  });

  it('ignores a torn last journal record and keeps writes made after the restart', async () => {
    const first = await start();
    const before = await createPatient(await signInByApi(first.url, 'doctor@example.com'), 'Before');
    await first.close();
    open.splice(0);
    // A record cut short by a power cut: a length prefix promising more bytes than follow.
    appendFileSync(journalPath(), Buffer.from([0xff, 0x00, 0x00, 0x00, 0x12, 0x34, 0x56, 0x78, 0x7b]));
    const second = await start();
    const after = await createPatient(await signInByApi(second.url, 'doctor@example.com'), 'After');
    const versions = stateAfterCrash();
    expect(versions.get(`Patient/${before}`)).toBe(1);
    expect(versions.get(`Patient/${after}`)).toBe(1);
  });

  it('ignores a last record whose checksum does not match its bytes', async () => {
    const first = await start();
    const session = await signInByApi(first.url, 'doctor@example.com');
    const kept = await createPatient(session, 'Kept');
    const size = statSync(journalPath()).size;
    const damaged = await createPatient(session, 'Damaged');
    await first.close();
    open.splice(0);
    // Flip a byte inside the last record's payload.
    const { openSync, readSync, writeSync, closeSync } = await import('node:fs');
    const fd = openSync(journalPath(), 'r+');
    const byte = Buffer.alloc(1);
    readSync(fd, byte, 0, 1, size + 20);
    writeSync(fd, Buffer.from([byte[0]! ^ 0xff]), 0, 1, size + 20);
    closeSync(fd);
    const versions = stateAfterCrash();
    expect(versions.get(`Patient/${kept}`)).toBe(1);
    expect(versions.has(`Patient/${damaged}`)).toBe(false);
  });

  it('folds the journal into the snapshot and never replays a folded journal twice', async () => {
    const first = await start({ compactJournalAtBytes: 1 });
    const session = await signInByApi(first.url, 'doctor@example.com');
    const one = await createPatient(session, 'One');
    const oldJournal = journalPath();
    const copy = join(dir, 'saved-journal');
    copyFileSync(oldJournal, copy);
    const two = await createPatient(session, 'Two');
    await first.close();
    open.splice(0);
    expect(existsSync(oldJournal)).toBe(false);
    // As if the process died after the snapshot's rename but before the old journal was deleted.
    copyFileSync(copy, oldJournal);
    rmSync(copy);
    const second = await start();
    const reader = await signInByApi(second.url, 'doctor@example.com');
    for (const id of [one, two]) {
      const history = (await (await reader.fetch(`fhir/R4/Patient/${id}/_history`)).json()) as Bundle;
      expect(history.entry, id).toHaveLength(1);
    }
    expect(existsSync(oldJournal)).toBe(false);
  });

  it('loses no acknowledged write when the process dies while a snapshot is being written beside the journals', async () => {
    const host = await start({ compactJournalAtBytes: 1 });
    const session = await signInByApi(host.url, 'doctor@example.com');
    const ids: string[] = [];
    // Every write starts a compaction if none is running, so writes are answered while snapshots
    // are written; the state is read back at several moments, as a crash would leave it.
    for (let round = 0; round < 4; round++) {
      ids.push(
        ...(await Promise.all(Array.from({ length: 10 }, (_, n) => createPatient(session, `C${round}-${n}`))))
      );
      const afterCrash = stateAfterCrash();
      for (const id of ids) expect(afterCrash.get(`Patient/${id}`), id).toBe(1);
    }
    await stop(host);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(journals()).toHaveLength(1);
  });

  it('keeps text beyond ASCII exactly through a snapshot and a restart', async () => {
    const first = await start({ compactJournalAtBytes: 1 });
    const session = await signInByApi(first.url, 'doctor@example.com');
    const family = 'Zoë Ñúñez 💥 \u007f 漢字';
    const id = await createPatient(session, family);
    await stop(first);
    expect(await familyAfterStart(id)).toBe(family);
  });

  it('keeps resources it loaded but never read through the next snapshot and restart', async () => {
    const first = await start();
    const id = await createPatient(await signInByApi(first.url, 'doctor@example.com'), 'Unread');
    await stop(first);
    // The second host reads nothing of that patient, and folds everything into a new snapshot.
    const second = await start({ compactJournalAtBytes: 1 });
    await createPatient(await signInByApi(second.url, 'doctor@example.com'), 'Later');
    await stop(second);
    expect(await familyAfterStart(id)).toBe('Unread');
  });

  it('starts from a data file an older server wrote as one JSON document', async () => {
    const first = await start();
    const id = await createPatient(await signInByApi(first.url, 'doctor@example.com'), 'Older');
    const state = first.fake.snapshot();
    await stop(first);
    DurableStore.remove(dataFile);
    writeFileSync(dataFile, JSON.stringify(state));
    expect(await familyAfterStart(id)).toBe('Older');
  });

  it('refuses a snapshot whose bytes were damaged and leaves the file as it is', async () => {
    await stop(await start());
    const bytes = readFileSync(dataFile);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    writeFileSync(dataFile, bytes);
    await expect(start()).rejects.toThrow(/cannot be read .*--reset/);
    expect(readFileSync(dataFile).equals(bytes)).toBe(true);
  });

  it('has a sent e-mail and a stored key-value on disk before their answers, and a restart finds them', async () => {
    const first = await start();
    const session = await signInByApi(first.url, 'doctor@example.com');
    const put = await session.fetch('keyvalue/v1/theme', { method: 'PUT', body: 'dark' });
    expect(put.status).toBe(204);
    const gone = await session.fetch('keyvalue/v1/draft', { method: 'PUT', body: 'x' });
    expect(gone.status).toBe(204);
    expect((await session.fetch('keyvalue/v1/draft', { method: 'DELETE' })).status).toBe(204);
    const sent = await session.fetch('email/v1/send', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ to: 'kept@example.com', subject: 'Kept across restarts', text: 'Hello' }),
    });
    expect(sent.status).toBe(200);
    // As if the process died now: what is on disk already holds both.
    const { state } = DurableStore.load(dataFile);
    expect(state?.keyValues?.map(([, value]) => value)).toEqual(['dark']);
    expect(state?.emails?.[0]?.subject).toBe('Kept across restarts');
    await stop(first);

    const second = await start();
    const reader = await signInByApi(second.url, 'doctor@example.com');
    const theme = await reader.fetch('keyvalue/v1/theme');
    expect(theme.status).toBe(200);
    expect(await theme.text()).toBe('dark');
    expect((await reader.fetch('keyvalue/v1/draft')).status).toBe(404);
    const emails = (await (await reader.fetch('$fake/emails')).json()) as { subject: string; to: string[] }[];
    expect(emails.find((email) => email.subject === 'Kept across restarts')?.to).toEqual([
      'kept@example.com',
    ]);
  });
});
