/**
 * The replay workload of the sync benches: a device signed in as the demo doctor holding 100 tasks,
 * with `changes` changes queued over them while it sends nothing (every third adds a note, which
 * commutes; the others change the due date, which does not).
 */
import type { Task } from '@medplum/fhirtypes';
import { ALICE_SMITH_ID } from '../mocks/seed';
import { device, hold, type Device } from '../src/sync/engine/testing/harness';
import { taskChanges } from '../src/sync/engine/testing/task-changes';
import type { Proxy } from './delay-proxy';

export const REPLAY_TASKS = 100;

/** Where run `n`'s tasks start: the seed holds about 250 tasks, so runs take the first two hundreds in turn. */
export const replayOffset = (run: number): number => (run % 2) * REPLAY_TASKS;

/** A device with `changes` changes queued over REPLAY_TASKS tasks (from `offset` in id order). */
export async function deviceWithQueuedChanges(baseUrl: string, changes: number, offset = 0): Promise<Device> {
  const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID);
  const tasks = (
    await doctor.server.searchAll(
      'Task',
      { _count: REPLAY_TASKS, _sort: '_id', _offset: offset },
      { noCache: true, max: REPLAY_TASKS }
    )
  ).filter((r): r is Task => r.resourceType === 'Task');
  // Fewer tasks would mean more changes per task, so more rounds: another workload than the one named.
  if (tasks.length < REPLAY_TASKS)
    throw new Error(`Only ${tasks.length} tasks from offset ${offset}; the replay needs ${REPLAY_TASKS}`);
  for (const task of tasks) await hold(doctor, task);
  for (let n = 0; n < changes; n++) {
    const task = tasks[n % tasks.length] as Task;
    const local = ((await doctor.record('Task', task.id ?? ''))?.resource ?? task) as Task;
    const change =
      n % 3 === 0
        ? taskChanges.note(
            local,
            `bench note ${n}`,
            `Practitioner/${ALICE_SMITH_ID}`,
            new Date().toISOString()
          )
        : taskChanges.dueDate(local, `2031-01-${String(1 + (n % 28)).padStart(2, '0')}`);
    await doctor.engine.applyChange(change);
  }
  return doctor;
}

/** 1,000 changes on 100 tasks queued offline, then replayed through `proxy`: the time and requests. */
export async function replayThrough(proxy: Proxy, offset: number): Promise<{ ms: number; requests: number }> {
  const doctor = await deviceWithQueuedChanges(proxy.url, 1_000, offset);
  const before = proxy.requests;
  const started = performance.now();
  const status = await doctor.engine.syncNow();
  const ms = performance.now() - started;
  if (status.pending + status.conflicts + status.failed > 0) {
    throw new Error(`The replay left ${JSON.stringify(status)}`);
  }
  return { ms, requests: proxy.requests - before };
}
