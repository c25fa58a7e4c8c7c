import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { afterAll, describe, expect, it } from 'vitest';
import { DurableStore } from '../../mocks/http/durable-store';
import { signInByApi } from '../fixtures/api-sign-in';

/**
 * `kill -9` of the `npm start` host while writers run, then a restart, ten times over. Every write
 * answered 2xx must be there after the restarts, and every transaction must be there whole or not
 * at all.
 */
const ROUNDS = 10;
const WRITERS = 8;
const MARKER_SYSTEM = 'urn:carequeue:crash-test';

const dir = mkdtempSync(join(tmpdir(), 'carequeue-crash-'));
const dataFile = join(dir, 'data.json');
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the host in its own process (node with tsx, so the kill reaches the server itself). */
async function startHost(): Promise<string> {
  const args = ['--import', 'tsx', 'mocks/http/main.ts', '--port', '0', '--data', dataFile, '--dist', dir];
  const started = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  child = started;
  return new Promise((resolve, reject) => {
    let out = '';
    started.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const url = /running at (http:\/\/localhost:\d+\/)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    started.once('exit', (code) => reject(new Error(`The host exited (${code}) before it answered: ${out}`)));
  });
}

function killHard(): Promise<void> {
  const running = child;
  if (!running || running.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    running.once('exit', () => resolve());
    running.kill('SIGKILL');
  });
}

const marker = (value: string) => ({ identifier: [{ system: MARKER_SYSTEM, value }] });

/** A transaction of a patient and a task for that patient, both carrying one marker. */
function pairTransaction(value: string): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      {
        fullUrl: `urn:uuid:${crypto.randomUUID()}`,
        request: { method: 'POST', url: 'Patient' },
        resource: { resourceType: 'Patient', ...marker(value), name: [{ family: 'Crash' }] },
      },
      {
        request: { method: 'POST', url: 'Task' },
        resource: { resourceType: 'Task', status: 'requested', intent: 'order', ...marker(value) },
      },
    ],
  };
}

/** Markers of the resources the saved state holds, with how many resources carry each. */
function savedMarkers(): Map<string, number> {
  const { state } = DurableStore.load(dataFile);
  const latest = new Map<string, Resource | undefined>();
  for (const project of state?.engine.projects ?? []) {
    for (const version of project.versions)
      latest.set(`${version.resourceType}/${version.id}`, version.resource);
  }
  const counts = new Map<string, number>();
  for (const resource of latest.values()) {
    const identifiers = (resource as { identifier?: { system?: string; value?: string }[] } | undefined)
      ?.identifier;
    const value = identifiers?.find((identifier) => identifier.system === MARKER_SYSTEM)?.value;
    if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

describe('the npm start host under kill -9', () => {
  it('loses no acknowledged write and applies no transaction by halves, over ten crashes', async () => {
    const acknowledged = new Map<string, number>();
    let token = '';
    for (let round = 0; round < ROUNDS; round++) {
      const url = await startHost();
      if (!token) token = (await signInByApi(url, 'doctor@example.com')).accessToken;
      let stopping = false;
      let firstAnswered: () => void = () => undefined;
      const answered = new Promise<void>((resolve) => (firstAnswered = resolve));
      const writer = async (id: number): Promise<void> => {
        for (let n = 0; !stopping; n++) {
          const value = `r${round}-w${id}-${n}`;
          const single = n % 2 === 0;
          try {
            const response = await fetch(new URL(single ? 'fhir/R4/Patient' : 'fhir/R4/', url), {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
              body: JSON.stringify(
                single ? { resourceType: 'Patient', ...marker(value) } : pairTransaction(value)
              ),
            });
            if (response.ok) {
              acknowledged.set(value, single ? 1 : 2);
              firstAnswered();
            } else throw new Error(`A write was refused: ${response.status} ${await response.text()}`);
          } catch (error) {
            if (stopping) return;
            throw error;
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, id) => writer(id));
      // A random moment while the writers run: counted from the host's first answer, so that a slow
      // start (a busy machine) still leaves the writers time to write.
      await Promise.race([answered, Promise.all(writers)]);
      await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 600));
      stopping = true;
      await killHard();
      await Promise.all(writers);

      const saved = savedMarkers();
      for (const [value, count] of acknowledged) expect(saved.get(value), value).toBe(count);
      for (const [value, count] of saved) {
        expect(value.includes('-') && (count === 1 || count === 2), value).toBe(true);
        const single = Number(value.split('-')[2]) % 2 === 0;
        expect(count, `transaction ${value} applied by halves`).toBe(single ? 1 : 2);
      }
    }
    expect(acknowledged.size).toBeGreaterThan(ROUNDS * WRITERS);
    // The last state starts, and serves an acknowledged write.
    const url = await startHost();
    const [value] = acknowledged.keys();
    const search = await fetch(new URL(`fhir/R4/Patient?identifier=${MARKER_SYSTEM}|${value}`, url), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await search.json()) as Bundle).total).toBe(1);
    await killHard();
  }, 120_000);
});
