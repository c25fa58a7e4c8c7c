import type { CapabilityStatement, Task } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startHttpHost, type HttpHost } from '@mocks/http/host';
import { ALICE_SMITH_ID } from '@mocks/seed';
import { signInByApi } from '@tests/fixtures/api-sign-in';
import type { WebSocketConstructor, WebSocketLike } from '../subscriptions/subscription-manager';
import { device, type Device } from './testing/harness';
import { taskChanges } from './testing/task-changes';
import type { Scheduler } from './types';

let host: HttpHost;
beforeAll(async () => {
  host = await startHttpHost({ port: 0, heartbeatMs: 0 });
});
afterAll(() => host.close());

/** Timers that run only when the test says so: the 30 s sync timer never fires by itself. */
class ManualScheduler implements Scheduler {
  private readonly pending = new Map<number, { fn: () => void; ms: number }>();
  private next = 1;
  setTimeout(fn: () => void, ms: number): unknown {
    const handle = this.next++;
    this.pending.set(handle, { fn, ms });
    return handle;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  /** Fires the sync timers (the 30 s period), as if the time had passed. */
  fireSyncTimer(): void {
    for (const [handle, timer] of [...this.pending]) {
      if (timer.ms !== 30_000) continue;
      this.pending.delete(handle);
      timer.fn();
    }
  }
  hasSyncTimer(): boolean {
    return [...this.pending.values()].some((timer) => timer.ms === 30_000);
  }
}

/** A socket that cannot connect: it reports an error and closes. */
class DeadSocket implements WebSocketLike {
  readonly readyState = 3;
  private readonly listeners = new Map<string, ((event: { data: unknown }) => void)[]>();
  constructor() {
    setTimeout(() => {
      for (const type of ['error', 'close'])
        for (const listener of this.listeners.get(type) ?? []) listener({ data: undefined });
    }, 0);
  }
  send(): void {}
  close(): void {}
  addEventListener(type: string, listener: (event: { data: unknown }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The doctor's engine started with the given socket; one of her own open tasks. */
async function started(webSocket: WebSocketConstructor, setUp?: (doctor: Device) => void) {
  const scheduler = new ManualScheduler();
  const doctor = await device(host.url, 'doctor@example.com', ALICE_SMITH_ID, {
    allTasksCap: 20,
    scheduler,
    webSocket,
  });
  setUp?.(doctor);
  doctor.engine.start();
  await until(() => !!doctor.engine.status().lastSyncedAt && !doctor.engine.status().syncing);
  const [task] = (await doctor.server.searchAll(
    'Task',
    { owner: `Practitioner/${ALICE_SMITH_ID}`, 'status:not': 'completed', _count: 1 },
    { noCache: true, max: 1 }
  )) as Task[];
  if (!task?.id) throw new Error('The doctor owns no open task');
  return { doctor, scheduler, task };
}

/** The nurse writes a business status on a task; the doctor's copy shows it once it arrived. */
async function nurseChanges(task: Task, text: string): Promise<void> {
  const nurse = await signInByApi(host.url, 'nurse@example.com');
  const response = await nurse.fetch(`fhir/R4/Task/${task.id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json-patch+json' },
    body: JSON.stringify([{ op: 'add', path: '/businessStatus', value: { text } }]),
  });
  expect(response.status).toBe(200);
}

async function seenBy(doctor: Device, task: Task): Promise<string | undefined> {
  return ((await doctor.record('Task', task.id ?? ''))?.resource as Task | undefined)?.businessStatus?.text;
}

describe('live updates', () => {
  it("another user's change reaches the replica by websocket notification, without the timer", async () => {
    const { doctor, scheduler, task } = await started(WebSocket as unknown as WebSocketConstructor);
    await until(() => doctor.engine.status().live === true);
    await nurseChanges(task, 'Seen by the nurse (live)');
    await until(async () => (await seenBy(doctor, task)) === 'Seen by the nurse (live)');
    expect(scheduler.hasSyncTimer()).toBe(true);
    doctor.engine.stop();
    expect(doctor.engine.status().live).toBe(false);
  });

  it("the socket is opened beside the first load, not after it: a long first run does not keep other users' changes waiting", async () => {
    let liveDuringRun = false;
    const { doctor } = await started(WebSocket as unknown as WebSocketConstructor, (target) => {
      // The first load's first batch is answered only once the engine is live (or after 5 s).
      target.faults.inject(
        'POST',
        /\/fhir\/R4\/?$/,
        async (url, init) => {
          await until(() => target.engine.status().live === true).catch(() => undefined);
          liveDuringRun = target.engine.status().live === true && target.engine.status().syncing === true;
          return globalThis.fetch(url, init);
        },
        1
      );
    });
    expect(liveDuringRun).toBe(true);
    doctor.engine.stop();
  });

  it("the announcement of this device's own change, sent during a run's pull, makes no second run", async () => {
    const { doctor, task } = await started(WebSocket as unknown as WebSocketConstructor);
    await until(() => doctor.engine.status().live === true);
    let changed = false;
    // While the run's catch-up is on its way, the doctor pauses her task: the run sends it before it ends.
    doctor.faults.inject(
      'POST',
      /\/fhir\/R4\/?$/,
      async (url, init) => {
        if (!changed) {
          changed = true;
          const held = (await doctor.record('Task', task.id ?? ''))?.resource as Task;
          await doctor.engine.applyChange(taskChanges.status(held, 'on-hold', 'Pause Task'));
        }
        return globalThis.fetch(url, init);
      },
      Infinity
    );
    // The server's answer to the change reaches the device after its announcement, as on a slow network.
    doctor.faults.inject(
      'PATCH',
      /\/Task\//,
      async (url, init) => {
        const answer = await globalThis.fetch(url, init);
        await new Promise((resolve) => setTimeout(resolve, 200));
        return answer;
      },
      1
    );
    const batches = () => doctor.faults.count('POST', /\/fhir\/R4\/?$/);
    const before = batches();
    await doctor.engine.syncNow();
    expect(changed).toBe(true);
    expect(doctor.faults.count('PATCH', /\/Task\//)).toBe(1);
    expect(doctor.engine.status().pending).toBe(0);
    expect(((await doctor.record('Task', task.id ?? ''))?.server as Task | undefined)?.status).toBe(
      'on-hold'
    );
    expect(batches() - before).toBe(1);
    doctor.engine.stop();
  });

  it("another user's change announced after a run's pull was sent brings one more run, without the timer", async () => {
    const { doctor, task } = await started(WebSocket as unknown as WebSocketConstructor);
    await until(() => doctor.engine.status().live === true);
    doctor.faults.inject(
      'POST',
      /\/fhir\/R4\/?$/,
      async (url, init) => {
        const answer = await globalThis.fetch(url, init);
        // The catch-up was answered without it; the announcement comes while the run is still going.
        await nurseChanges(task, 'Seen by the nurse (during a run)');
        await new Promise((resolve) => setTimeout(resolve, 200));
        return answer;
      },
      1
    );
    await doctor.engine.syncNow();
    expect(await seenBy(doctor, task)).toBe('Seen by the nurse (during a run)');
    doctor.engine.stop();
  });

  it('where the socket fails, the timer still brings the change', async () => {
    const { doctor, scheduler, task } = await started(DeadSocket as unknown as WebSocketConstructor);
    await nurseChanges(task, 'Seen by the nurse (socket down)');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(doctor.engine.status().live).not.toBe(true);
    expect(await seenBy(doctor, task)).not.toBe('Seen by the nurse (socket down)');
    scheduler.fireSyncTimer();
    await until(async () => (await seenBy(doctor, task)) === 'Seen by the nurse (socket down)');
    doctor.engine.stop();
  });

  it('where the CapabilityStatement offers no Subscriptions, no socket is opened and the timer polls', async () => {
    let sockets = 0;
    const Counting = class extends (WebSocket as unknown as new (url: string) => WebSocket) {
      constructor(url: string) {
        super(url);
        sockets++;
      }
    };
    const { doctor, scheduler, task } = await started(
      Counting as unknown as WebSocketConstructor,
      (target) => {
        target.faults.inject(
          'GET',
          /\/metadata$/,
          async (url, init) => {
            const statement = (await (await globalThis.fetch(url, init)).json()) as CapabilityStatement;
            const rest = statement.rest?.map((r) => ({
              ...r,
              resource: r.resource?.filter((t) => t.type !== 'Subscription'),
            }));
            return Response.json({ ...statement, rest });
          },
          Infinity
        );
      }
    );
    await nurseChanges(task, 'Seen by the nurse (polling)');
    scheduler.fireSyncTimer();
    await until(async () => (await seenBy(doctor, task)) === 'Seen by the nurse (polling)');
    expect(sockets).toBe(0);
    expect(doctor.engine.status().live).not.toBe(true);
    doctor.engine.stop();
  });
});
