/**
 * Sync engine budgets, against the fake server over real HTTP:
 * - 1,000 queued changes on 100 tasks replayed with no added delay (sync-speed.bench.ts adds 0/100/300 ms);
 * - the first full sync of 10,000 tasks and their patients into a MemoryReplicaStore (budget ≤ 3 s).
 * Run with `npx tsx bench/replay.bench.ts`.
 */
import { startHttpHost } from '../mocks/http/host';
import { ALICE_SMITH_ID, buildLargeTaskSeed, buildSeed } from '../mocks/seed';
import { device } from '../src/sync/engine/testing/harness';
import { deviceWithQueuedChanges, REPLAY_TASKS } from './queued-changes';

const CHANGES = 1_000;
const LARGE_TASKS = 10_000;
const LARGE_PATIENTS = 2_000;

async function replay(): Promise<void> {
  const host = await startHttpHost({ port: 0 });
  try {
    const doctor = await deviceWithQueuedChanges(host.url, CHANGES);
    const started = performance.now();
    const status = await doctor.engine.syncNow();
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `replay: ${CHANGES} queued changes (${REPLAY_TASKS} tasks) sent in ${seconds.toFixed(2)} s ` +
        `(budget 15 s at 300 ms a request; here none) — pending ${status.pending}, conflicts ${status.conflicts}, failed ${status.failed}` +
        ' (includes the first pull of the demo project)'
    );
  } finally {
    await host.close();
  }
}

async function firstSync(): Promise<void> {
  const demo = buildSeed();
  const large = buildLargeTaskSeed({ tasks: LARGE_TASKS, patients: LARGE_PATIENTS });
  const seed = { ...demo, resources: [...demo.resources, ...large] };
  const host = await startHttpHost({ port: 0, seed });
  try {
    const doctor = await device(host.url, 'doctor@example.com', ALICE_SMITH_ID, {
      allTasksCap: LARGE_TASKS + 1000,
    });
    const started = performance.now();
    await doctor.engine.syncNow();
    const seconds = (performance.now() - started) / 1000;
    const counts = await doctor.replica.transaction(async (tx) => {
      const cursor = await tx.getCursor('Task');
      return { cursor: cursor?.since };
    });
    const tasks = await doctor.server.search('Task', { _summary: 'count' }, { noCache: true });
    console.log(
      `first sync: ${tasks.total} tasks on the server (cap ${LARGE_TASKS + 1000}) and their patients ` +
        `into a MemoryReplicaStore in ${seconds.toFixed(2)} s (budget 3 s); cursor ${counts.cursor}`
    );
  } finally {
    await host.close();
  }
}

await replay();
await firstSync();
