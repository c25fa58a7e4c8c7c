/**
 * The first full sync of 10,000 tasks and their patients, no added delay (budget ≤ 3 s): the sync
 * engine in Node with the in-memory replica, the fake server over real HTTP in this process. Besides
 * the total it prints where the time went: inside replica transactions, and in the server's request
 * handling (the host shares this thread, so the rest is the engine's own work and the wire), and
 * the CPU time the process used, which says more than wall time on a shared machine.
 *
 * Run with `npx tsx bench/full-sync.bench.ts` (TASKS, PATIENTS, RUNS override the defaults).
 */
import { startHttpHost } from '../mocks/http/host';
import { ALICE_SMITH_ID, buildLargeTaskSeed, buildSeed, MAIN_PROJECT_ID } from '../mocks/seed';
import { MemoryReplicaStore } from '../src/db/memory-replica';
import type { ReplicaStore } from '../src/db/types';
import { device } from '../src/sync/engine/testing/harness';
import { summarize } from './stats';

const TASKS = Number(process.env.TASKS ?? 10_000);
const PATIENTS = Number(process.env.PATIENTS ?? 2_000);
const RUNS = Number(process.env.RUNS ?? 3);

/** A replica that adds up the time spent inside its transactions. */
function timedReplica(): { replica: ReplicaStore; spent: () => { ms: number; transactions: number } } {
  const inner = new MemoryReplicaStore();
  let ms = 0;
  let transactions = 0;
  const replica: ReplicaStore = {
    transaction: async (work) => {
      const started = performance.now();
      try {
        return await inner.transaction(work);
      } finally {
        ms += performance.now() - started;
        transactions++;
      }
    },
    wipe: () => inner.wipe(),
  };
  return { replica, spent: () => ({ ms, transactions }) };
}

/**
 * With MARKS=1, prints the run's start and end on the monotonic clock in microseconds, the clock of
 * a `node --cpu-prof` profile, so its samples can be cut to the sync alone.
 */
function mark(): { end(): void } {
  const now = () => process.hrtime.bigint() / 1000n;
  const start = now();
  return {
    end: () => {
      if (process.env.MARKS === '1') console.log(`  profile window ${start} ${now()}`);
    },
  };
}

async function main(): Promise<void> {
  const demo = buildSeed();
  const seed = {
    ...demo,
    resources: [...demo.resources, ...buildLargeTaskSeed({ tasks: TASKS, patients: PATIENTS })],
  };
  const inMain = (type: string) =>
    seed.resources.filter((r) => r.projectId === MAIN_PROJECT_ID && r.resource.resourceType === type).length;
  const host = await startHttpHost({ port: 0, seed, heartbeatMs: 0 });
  // The host loads its definitions (the validator's profiles) once it is idle or 5 s after it
  // started, whichever comes first: loaded here, before the runs, as on a server that has been up a
  // while, so that load does not land inside whichever run is going then. The search indexes are
  // still built on the first run's first search.
  await host.fake.engine.prepare();
  const cap = inMain('Task') + 1_000;
  console.log(
    `First full sync, Node, in-memory replica, fake server over HTTP in this process: ` +
      `${inMain('Task')} tasks, ${inMain('Patient')} patients on the server, allTasksCap ${cap}`
  );
  try {
    const totals: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const { replica, spent } = timedReplica();
      let requests = 0;
      let serverMs = 0;
      const inner = async (url: string, init?: RequestInit): Promise<Response> => {
        requests++;
        const started = performance.now();
        const response = await globalThis.fetch(url, init);
        const body = await response.arrayBuffer();
        serverMs += performance.now() - started;
        return new Response(body, { status: response.status, headers: response.headers });
      };
      const doctor = await device(host.url, 'doctor@example.com', ALICE_SMITH_ID, {
        allTasksCap: cap,
        replica,
        inner,
      });
      requests = 0;
      serverMs = 0;
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const window = mark();
      await doctor.engine.syncNow();
      const total = performance.now() - started;
      window.end();
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      totals.push(total);
      const tasks = (await replica.transaction((tx) => tx.keysOfType('Task'))).length;
      const patients = (await replica.transaction((tx) => tx.keysOfType('Patient'))).length;
      const inReplica = spent();
      console.log(
        `  run ${run}/${RUNS}: ${(total / 1000).toFixed(2)} s (this process's CPU ${(cpuMs / 1000).toFixed(2)} s) — ` +
          `${tasks} tasks, ${patients} patients; ` +
          `${(inReplica.ms / 1000).toFixed(2)} s in ${inReplica.transactions} replica transactions; ` +
          `${(serverMs / 1000).toFixed(2)} s request to last byte over ${requests} requests`
      );
    }
    const s = summarize(totals);
    console.log(
      `first full sync: median ${(s.median / 1000).toFixed(2)} s (min ${(s.min / 1000).toFixed(2)}, ` +
        `max ${(s.max / 1000).toFixed(2)}, n=${totals.length}) [budget ≤ 3 s: ${s.median <= 3000 ? 'within' : 'OVER'}]`
    );
  } finally {
    await host.close();
  }
}

await main();
