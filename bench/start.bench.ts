/**
 * Budget: `npm start` from a built tree to the sign-in page answering, under 3 s.
 * Starts the HTTP host as `npm run serve` does (tsx included), polls /signin until the app's HTML
 * answers, and prints the median and worst of several cold starts, fresh (--reset, seeding) and
 * restarted (reading the saved data file), and restarted on a data file of about 100,000 resources
 * (budget 2 s). Run `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeLargeDataFile } from './server-host';
import { summarize } from './stats';

const RUNS = Number(process.env.RUNS ?? 5);
const port = 4390;

if (!existsSync('dist/index.html')) {
  console.error('Build the app first: npm run build');
  process.exit(1);
}

async function startOnce(dataFile: string, reset: boolean): Promise<number> {
  const started = performance.now();
  const args = [
    'tsx',
    'mocks/http/main.ts',
    '--port',
    String(port),
    '--data',
    dataFile,
    ...(reset ? ['--reset'] : []),
  ];
  // Its own process group, so that stopping it also stops the node process tsx starts.
  const child = spawn('npx', args, { stdio: 'ignore', detached: true });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://localhost:${port}/signin`, { headers: { accept: 'text/html' } });
        if (response.ok && (await response.text()).includes('<div id="root">'))
          return performance.now() - started;
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

function summary(label: string, times: number[]): void {
  const { median, max, runs } = summarize(times);
  console.log(`${label}: median ${median.toFixed(0)} ms, worst ${max.toFixed(0)} ms over ${runs} runs`);
}

const dir = mkdtempSync(join(tmpdir(), 'carequeue-start-'));
const dataFile = join(dir, 'data.json');
const fresh: number[] = [];
const restart: number[] = [];
const large: number[] = [];
for (let i = 0; i < RUNS; i++) fresh.push(await startOnce(dataFile, true));
for (let i = 0; i < RUNS; i++) restart.push(await startOnce(dataFile, false));
const largeFile = join(dir, 'large.json');
const resources = await writeLargeDataFile(largeFile);
for (let i = 0; i < RUNS; i++) large.push(await startOnce(largeFile, false));
rmSync(dir, { recursive: true, force: true });
summary('npm start → sign-in page answering, fresh seed (--reset)', fresh);
summary('npm start → sign-in page answering, restart on saved data', restart);
summary(
  `npm start → sign-in page answering, restart on ${resources.toLocaleString('en')} resources (budget 2,000 ms)`,
  large
);
