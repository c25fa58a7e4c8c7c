/**
 * Budget: 1,000 concurrent small writes on the `npm start` host with durable writes on (each answered
 * only once its journal record is fsynced): p99 ≤ 50 ms. Prints p50/p99 for 1,000 writes from 20
 * writers and for 1,000 sent at once, the host's CPU per write.
 * PROFILE=dir writes a CPU profile of the host there.
 * Run with `npx tsx bench/server-writes.bench.ts`.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signInByApi } from '../tests/fixtures/api-sign-in';
import { agent, cpuMs, kill, ms, percentile, startHost, timedWrites } from './server-host';

const WRITERS = 20;
const dir = mkdtempSync(join(tmpdir(), 'carequeue-writes-'));
const profile = process.env.PROFILE;
const host = await startHost(join(dir, 'data.json'), {
  reset: true,
  dist: dir,
  nodeArgs: profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
});
try {
  const session = await signInByApi(host.url, 'doctor@example.com');
  const token = session.accessToken;
  // Warm-up: the Patient schema is parsed on the first write, the JIT settles.
  await timedWrites(host.port, token, 300, WRITERS);

  const runs: [string, number][] = [
    [`1,000 small writes, ${WRITERS} writers`, WRITERS],
    ['1,000 small writes sent at once', 1000],
  ];
  for (const [label, concurrency] of runs) {
    const cpuBefore = cpuMs(host);
    const started = performance.now();
    const latencies = await timedWrites(host.port, token, 1000, concurrency);
    const wallMs = performance.now() - started;
    const cpu = (cpuMs(host) - cpuBefore) / 1000;
    console.log(
      `${label}: p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}, ` +
        `all answered in ${ms(wallMs)} (budget p99 ≤ 50 ms); host CPU ${cpu.toFixed(3)} ms per write`
    );
  }
} finally {
  await kill(host, profile ? 'SIGINT' : 'SIGKILL');
  agent.destroy();
}
if (profile)
  console.log(
    'CPU profile:',
    readdirSync(profile)
      .map((name) => join(profile, name))
      .join(', ')
  );
rmSync(dir, { recursive: true, force: true });
