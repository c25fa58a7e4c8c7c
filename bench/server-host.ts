/**
 * What the server benches share: the `npm start` host in its own process (as `npm start` runs it),
 * its CPU time, and timed HTTP calls on keep-alive connections.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { DurableStore } from '../mocks/http/durable-store';
import { createFakeServer } from '../mocks/server';
import { buildSeed } from '../mocks/seed';
import { buildLargeTaskSeed } from '../mocks/seed/large';

export interface Host {
  url: string;
  port: number;
  process: ChildProcess;
  /** From spawning the process to the host saying it listens. */
  startMs: number;
}

export const agent = new Agent({ keepAlive: true, maxSockets: 1100 });

/** Starts `mocks/http/main.ts` on a free port; `nodeArgs` go to node (a CPU profile, say). */
export async function startHost(
  dataFile: string,
  options: { reset?: boolean; dist: string; nodeArgs?: string[] }
): Promise<Host> {
  const started = performance.now();
  const args = [
    ...(options.nodeArgs ?? []),
    '--import',
    'tsx',
    'mocks/http/main.ts',
    '--port',
    '0',
    '--data',
    dataFile,
    '--dist',
    options.dist,
  ];
  if (options.reset) args.push('--reset');
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const found = /running at (http:\/\/localhost:\d+\/)/.exec(out)?.[1];
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`host exited ${code}: ${out}`)));
  });
  return { url, port: Number(new URL(url).port), process: child, startMs: performance.now() - started };
}

/**
 * CPU time the host process has used (Linux /proc, clock ticks of 10 ms). On a shared machine the
 * wall-clock figures depend on the other load; CPU per request says what one free core would give.
 */
export function cpuMs(host: Host): number {
  try {
    const fields = readFileSync(`/proc/${host.process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

export function kill(host: Host, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  return new Promise((resolve) => {
    host.process.once('exit', () => resolve());
    host.process.kill(signal);
  });
}

export function call(
  port: number,
  method: string,
  path: string,
  token: string,
  body?: string
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      }
    );
    req.on('error', reject);
    req.end(body);
  });
}

export function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

export const ms = (value: number): string => `${value.toFixed(1)} ms`;

export const smallWrite = (n: number): string =>
  JSON.stringify({ resourceType: 'Patient', name: [{ family: `Load${n}` }], gender: 'unknown' });

/** `total` small Patient creates from `concurrency` writers; each write's time to its 201. */
export async function timedWrites(
  port: number,
  token: string,
  total: number,
  concurrency: number
): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < total) {
      const n = next++;
      const started = performance.now();
      const status = await call(port, 'POST', '/fhir/R4/Patient', token, smallWrite(n));
      if (status !== 201) throw new Error(`A write answered ${status}`);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies;
}

/**
 * Writes a data file (snapshot, with its search indexes, as a fresh seed is saved) of the demo seed
 * plus `tasks` tasks and `patients` patients (70,000 and 5,000 unless told); its resource count.
 */
export async function writeLargeDataFile(
  dataFile: string,
  { tasks = 70_000, patients = 5_000 } = {}
): Promise<number> {
  const now = new Date();
  const seed = buildSeed({ now });
  seed.resources.push(...buildLargeTaskSeed({ tasks, patients, now }));
  const fake = createFakeServer({ seed });
  const { store } = DurableStore.load(dataFile);
  store.attach(fake, true);
  await store.close();
  fake.bots.dispose();
  return seed.resources.length;
}
