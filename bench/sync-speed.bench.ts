/**
 * Sync speed over a slow network: the fake server behind a localhost proxy that delays every API
 * answer by 0, 100 and 300 ms. For each delay it prints, measured at the sync engine (node, real
 * HTTP and websockets through the proxy):
 * - sign-in (login, token, me) → the first queue rows in the replica, and → the first sync done;
 * - 1,000 queued changes on 100 tasks replayed (with its request count);
 * - another user's change → in this device's replica (websocket notification, then one catch-up);
 * - the request count of one catch-up.
 * Run with `npx tsx bench/sync-speed.bench.ts` (RUNS=3 for more runs).
 */
import type { Task } from '@medplum/fhirtypes';
import WebSocket from 'ws';
import { startHttpHost, type HttpHost } from '../mocks/http/host';
import { ALICE_SMITH_ID, BOB_JONES_ID } from '../mocks/seed';
import { MemoryReplicaStore } from '../src/db/memory-replica';
import { ApiClient } from '../src/sync/client';
import { SyncEngine } from '../src/sync/engine/engine';
import { systemClock } from '../src/sync/platform';
import { device, signIn } from '../src/sync/engine/testing/harness';
import type { WebSocketConstructor } from '../src/sync/subscriptions/subscription-manager';
import { delayingProxy, type Proxy } from './delay-proxy';
import { replayOffset, replayThrough } from './queued-changes';
import { summarize } from './stats';

const DELAYS = [0, 100, 300];
const RUNS = Number(process.env.RUNS ?? 1);

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Sign-in click → first rows in the replica, and → the first sync done, with the requests made. */
async function firstSync(proxy: Proxy): Promise<{ rows: number; done: number; requests: number }> {
  const before = proxy.requests;
  const started = performance.now();
  const client = new ApiClient({ baseUrl: proxy.url, clientId: 'carequeue-web' });
  await signIn(client, 'doctor@example.com');
  let rows = 0;
  const engine = new SyncEngine({
    client,
    replica: new MemoryReplicaStore(),
    clock: systemClock,
    profile: { reference: `Practitioner/${ALICE_SMITH_ID}` },
    onChange: (keys) => {
      if (!rows && keys.some((key) => key.startsWith('Task/'))) rows = performance.now() - started;
    },
  });
  await engine.syncNow();
  return { rows, done: performance.now() - started, requests: proxy.requests - before };
}

/** Another user's change → in this device's replica, by websocket; and one catch-up's request count. */
async function liveChange(proxy: Proxy): Promise<{ ms: number; catchUpRequests: number }> {
  const doctor = await device(proxy.url, 'doctor@example.com', ALICE_SMITH_ID, {
    allTasksCap: 200,
    webSocket: WebSocket as unknown as WebSocketConstructor,
  });
  doctor.engine.start();
  await until(() => doctor.engine.status().live === true);
  await until(() => !doctor.engine.status().syncing);
  const before = proxy.requests;
  await doctor.engine.syncNow();
  const catchUpRequests = proxy.requests - before;
  const [task] = (await doctor.server.searchAll(
    'Task',
    { owner: `Practitioner/${ALICE_SMITH_ID}`, 'status:not': 'completed', _count: 1 },
    { noCache: true, max: 1 }
  )) as Task[];
  const nurse = await device(proxy.url, 'nurse@example.com', BOB_JONES_ID);
  const text = `Seen at ${Date.now()}`;
  const started = performance.now();
  await nurse.server.patch('Task', task?.id ?? '', [{ op: 'add', path: '/businessStatus', value: { text } }]);
  await until(async () => {
    const record = await doctor.record('Task', task?.id ?? '');
    return (record?.resource as Task | undefined)?.businessStatus?.text === text;
  });
  const ms = performance.now() - started;
  doctor.engine.stop();
  return { ms, catchUpRequests };
}

const format = (samples: number[]): string => {
  const s = summarize(samples);
  return `median ${s.median.toFixed(0)} ms (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)}, n=${samples.length})`;
};

async function main(): Promise<void> {
  const host: HttpHost = await startHttpHost({ port: 0, heartbeatMs: 0 });
  try {
    for (const delay of DELAYS) {
      const proxy = await delayingProxy(host.url, delay);
      const rows: number[] = [];
      const done: number[] = [];
      const replays: number[] = [];
      const live: number[] = [];
      let requests = { first: 0, replay: 0, catchUp: 0 };
      for (let run = 0; run < RUNS; run++) {
        const first = await firstSync(proxy);
        rows.push(first.rows);
        done.push(first.done);
        const replayed = await replayThrough(proxy, replayOffset(run));
        replays.push(replayed.ms);
        const changed = await liveChange(proxy);
        live.push(changed.ms);
        requests = { first: first.requests, replay: replayed.requests, catchUp: changed.catchUpRequests };
      }
      console.log(`\n${delay} ms per API answer`);
      console.log(`  sign-in → first rows in the replica   ${format(rows)}`);
      console.log(
        `  sign-in → first sync done             ${format(done)} (${requests.first} requests, sign-in included)`
      );
      console.log(`  1,000 changes on 100 tasks replayed   ${format(replays)} (${requests.replay} requests)`);
      console.log(`  another user's change → replica       ${format(live)}`);
      console.log(`  one catch-up                          ${requests.catchUp} request(s)`);
      await proxy.close();
    }
  } finally {
    await host.close();
  }
}

await main();
