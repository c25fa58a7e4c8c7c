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
import http from 'node:http';
import net from 'node:net';
import type { Task } from '@medplum/fhirtypes';
import WebSocket from 'ws';
import { startHttpHost, type HttpHost } from '../mocks/http/host';
import { ALICE_SMITH_ID, BOB_JONES_ID } from '../mocks/seed';
import { MemoryReplicaStore } from '../src/db/memory-replica';
import { ApiClient } from '../src/sync/client';
import { SyncEngine } from '../src/sync/engine/engine';
import { systemClock } from '../src/sync/platform';
import { device, hold, signIn } from '../src/sync/engine/testing/harness';
import { taskChanges } from '../src/sync/engine/testing/task-changes';
import type { WebSocketConstructor } from '../src/sync/subscriptions/subscription-manager';
import { summarize } from './stats';

const DELAYS = [0, 100, 300];
const RUNS = Number(process.env.RUNS ?? 1);
const API = /^\/(fhir|auth|oauth2)\//;

interface Proxy {
  url: string;
  requests: number;
  close(): Promise<void>;
}

/** A proxy in front of the host that answers API requests `delayMs` late; websockets pass straight through. */
async function delayingProxy(target: string, delayMs: number): Promise<Proxy> {
  const origin = new URL(target);
  const proxy: Proxy = { url: '', requests: 0, close: async () => undefined };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      if (API.test(path)) proxy.requests++;
      const headers = { ...request.headers, host: origin.host };
      const upstream = http.request(
        { host: origin.hostname, port: origin.port, path, method: request.method, headers },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => body.push(chunk));
          answer.on('end', () => {
            setTimeout(
              () => {
                response.writeHead(answer.statusCode ?? 502, answer.headers);
                response.end(Buffer.concat(body));
              },
              API.test(path) ? delayMs : 0
            );
          });
        }
      );
      upstream.on('error', () => response.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  server.on('upgrade', (request, socket, head) => {
    const upstream = net.connect(Number(origin.port), origin.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  proxy.url = `http://127.0.0.1:${address.port}/`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

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

/** 1,000 changes on 100 tasks, queued offline, then replayed. */
async function replay(proxy: Proxy, offset: number): Promise<{ ms: number; requests: number }> {
  const doctor = await device(proxy.url, 'doctor@example.com', ALICE_SMITH_ID);
  const tasks = (
    await doctor.server.searchAll(
      'Task',
      { _count: 100, _sort: '_id', _offset: offset },
      { noCache: true, max: 100 }
    )
  ).filter((r): r is Task => r.resourceType === 'Task');
  for (const task of tasks) await hold(doctor, task);
  for (let n = 0; n < 1_000; n++) {
    const task = tasks[n % tasks.length] as Task;
    const local = ((await doctor.record('Task', task.id ?? ''))?.resource ?? task) as Task;
    const change =
      n % 3 === 0
        ? taskChanges.note(
            local,
            `speed note ${n}`,
            `Practitioner/${ALICE_SMITH_ID}`,
            new Date().toISOString()
          )
        : taskChanges.dueDate(local, `2031-01-${String(1 + (n % 28)).padStart(2, '0')}`);
    await doctor.engine.applyChange(change);
  }
  const before = proxy.requests;
  const started = performance.now();
  const status = await doctor.engine.syncNow();
  const ms = performance.now() - started;
  if (status.pending + status.conflicts + status.failed > 0)
    throw new Error(`Replay left ${JSON.stringify(status)}`);
  return { ms, requests: proxy.requests - before };
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
        const replayed = await replay(proxy, 100 * run);
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
