/**
 * Budget: `npm start` from a built tree to the sign-in page answering, under 3 s.
 * Bundles the host once as `npm run serve` does, then starts it as `npm run serve` does (node on the
 * bundle), polls /signin until the app's HTML answers, and prints the median and worst of several
 * cold starts, fresh (--reset, seeding) and restarted (reading the saved data file), and restarted on
 * a data file of about 100,000 resources (budget 2 s), with the host's CPU time; then, on that large
 * file, the first My Tasks search after a restart (its index taken from the snapshot) against the
 * same search when the snapshot holds no indexes (built from every Task). Run `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signInByApi } from '../tests/fixtures/api-sign-in';
import { buildHost, HOST_BUNDLE } from '../mocks/http/build-host';
import { readDataFile, writeSnapshotFile } from '../mocks/http/snapshot-file';
import { writeLargeDataFile } from './server-host';
import { summarize } from './stats';

const RUNS = Number(process.env.RUNS ?? 5);
const port = 4390;

if (!existsSync('dist/index.html')) {
  console.error('Build the app first: npm run build');
  process.exit(1);
}

await buildHost();

/** CPU time a process has used (Linux /proc, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

interface Start {
  ms: number;
  cpuMs: number;
}

/** Starts the host, times it to the sign-in page, runs `then` against it, and stops it. */
async function startOnce(
  dataFile: string,
  reset: boolean,
  then?: (url: string, cpu: () => number) => Promise<void>
): Promise<Start> {
  const started = performance.now();
  const args = [HOST_BUNDLE, '--port', String(port), '--data', dataFile, ...(reset ? ['--reset'] : [])];
  // Its own process group, so that stopping it stops everything it started.
  const child = spawn(process.execPath, args, { stdio: 'ignore', detached: true });
  const cpu = (): number => cpuMs(child.pid as number);
  try {
    for (;;) {
      try {
        const response = await fetch(`http://localhost:${port}/signin`, { headers: { accept: 'text/html' } });
        if (response.ok && (await response.text()).includes('<div id="root">')) {
          const start = { ms: performance.now() - started, cpuMs: cpu() };
          await then?.(`http://localhost:${port}/`, cpu);
          return start;
        }
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 30_000) throw new Error('The server did not answer within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-(child.pid as number), 'SIGTERM');
    await exited;
    await waitUntilPortIsFree();
  }
}

async function waitUntilPortIsFree(): Promise<void> {
  for (let i = 0; i < 250; i++) {
    try {
      await fetch(`http://localhost:${port}/config.json`);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Port ${port} is still answering after the server was stopped`);
}

function summary(label: string, starts: Start[]): void {
  const { median, max, runs } = summarize(starts.map((start) => start.ms));
  const cpu = summarize(starts.map((start) => start.cpuMs)).median;
  console.log(
    `${label}: median ${median.toFixed(0)} ms, worst ${max.toFixed(0)} ms over ${runs} runs; host CPU median ${cpu.toFixed(0)} ms`
  );
}

/** Once the host is up: sign in, wait until it has loaded its definitions, time My Tasks twice. */
async function timeMyTasks(url: string, cpu: () => number): Promise<string> {
  const session = await signInByApi(url, 'doctor@example.com');
  // The definitions load once the host is idle (at most 5 s after it listens); they are not timed.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  const query =
    `fhir/R4/Task?owner=${encodeURIComponent(session.profile)}&status:not=completed` +
    '&_sort=-priority-order,due-date&_count=20';
  const times: string[] = [];
  for (const label of ['first', 'second']) {
    const [wall, cpuBefore] = [performance.now(), cpu()];
    const response = await session.fetch(query);
    if (response.status !== 200) throw new Error(`My Tasks answered ${response.status}`);
    await response.arrayBuffer();
    times.push(`${label} ${(performance.now() - wall).toFixed(0)} ms (host CPU ${cpu() - cpuBefore} ms)`);
  }
  return times.join(', ');
}

const dir = mkdtempSync(join(tmpdir(), 'carequeue-start-'));
const dataFile = join(dir, 'data.json');
const fresh: Start[] = [];
const restart: Start[] = [];
const large: Start[] = [];
for (let i = 0; i < RUNS; i++) fresh.push(await startOnce(dataFile, true));
for (let i = 0; i < RUNS; i++) restart.push(await startOnce(dataFile, false));
const largeFile = join(dir, 'large.json');
const resources = await writeLargeDataFile(largeFile);
for (let i = 0; i < RUNS; i++) large.push(await startOnce(largeFile, false));
let withIndexes = '';
await startOnce(largeFile, false, async (url, cpu) => void (withIndexes = await timeMyTasks(url, cpu)));
const noIndexFile = join(dir, 'no-indexes.json');
writeSnapshotFile(noIndexFile, { ...readDataFile(largeFile).state, searchIndexes: {} });
let withoutIndexes = '';
await startOnce(noIndexFile, false, async (url, cpu) => void (withoutIndexes = await timeMyTasks(url, cpu)));
rmSync(dir, { recursive: true, force: true });
summary('npm start → sign-in page answering, fresh seed (--reset)', fresh);
summary('npm start → sign-in page answering, restart on saved data', restart);
summary(
  `npm start → sign-in page answering, restart on ${resources.toLocaleString('en')} resources (budget 2,000 ms)`,
  large
);
console.log(`My Tasks after a restart on that data, indexes saved in the snapshot: ${withIndexes}`);
console.log(`My Tasks after a restart on that data, no indexes saved (built): ${withoutIndexes}`);
