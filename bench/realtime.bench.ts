/**
 * Websocket notification budget: a Task write on the `npm start` host reaches a subscriber bound to
 * `Task` within 50 ms. Each run sends one PATCH and times it until the notification for that version
 * arrives on the socket. Run with `npx tsx bench/realtime.bench.ts`.
 */
import type { Bundle, Parameters, Subscription, Task } from '@medplum/fhirtypes';
import WebSocket from 'ws';
import { startHttpHost } from '../mocks/http/host';
import { signInByApi } from '../tests/fixtures/api-sign-in';
import { summarize } from './stats';

const RUNS = 200;
const WARMUP = 20;
const BUDGET_MS = 50;

const host = await startHttpHost({ port: 0, heartbeatMs: 0 });
const doctor = await signInByApi(host.url, 'doctor@example.com');
const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

const subscription = await json<Subscription>(
  await doctor.fetch('fhir/R4/Subscription', {
    method: 'POST',
    body: JSON.stringify({
      resourceType: 'Subscription',
      status: 'active',
      reason: 'bench',
      criteria: 'Task',
      channel: { type: 'websocket' },
    }),
  })
);
const binding = await json<Parameters>(
  await doctor.fetch(`fhir/R4/Subscription/${subscription.id}/$get-ws-binding-token`)
);
const value = (name: string): string => {
  const found = binding.parameter?.find((p) => p.name === name);
  return found?.valueString ?? found?.valueUrl ?? '';
};

const socket = new WebSocket(value('websocket-url'));
const waiting = new Map<string, () => void>();
socket.on('message', (data) => {
  const bundle = JSON.parse(String(data)) as Bundle;
  const resource = bundle.entry?.[1]?.resource;
  if (resource) waiting.get(`${resource.id}/${resource.meta?.versionId}`)?.();
});
await new Promise((resolve) => socket.once('open', resolve));
const handshake = new Promise((resolve) => socket.once('message', resolve));
socket.send(JSON.stringify({ type: 'bind-with-token', payload: { token: value('token') } }));
await handshake;

const task = await json<Task>(
  await doctor.fetch('fhir/R4/Task', {
    method: 'POST',
    body: JSON.stringify({ resourceType: 'Task', status: 'ready', intent: 'order' }),
  })
);

const toNotification: number[] = [];
const roundTrip: number[] = [];
let beforeAnswer = 0;
for (let i = 0; i < WARMUP + RUNS; i++) {
  const version = String(i + 2);
  const arrived = new Promise<number>((resolve) =>
    waiting.set(`${task.id}/${version}`, () => resolve(performance.now()))
  );
  const t0 = performance.now();
  const response = await doctor.fetch(`fhir/R4/Task/${task.id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json-patch+json' },
    body: JSON.stringify([{ op: 'add', path: '/description', value: `run ${i}` }]),
  });
  const answered = performance.now();
  if (!response.ok) throw new Error(`The write answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
  const t1 = await arrived;
  waiting.delete(`${task.id}/${version}`);
  if (i >= WARMUP) {
    toNotification.push(t1 - t0);
    roundTrip.push(answered - t0);
    if (t1 <= answered) beforeAnswer++;
  }
}

const note = summarize(toNotification);
const write = summarize(roundTrip);
console.log(`${RUNS} Task PATCHes on the HTTP host, one subscriber bound to 'Task'`);
console.log(
  `  write sent → notification received: median ${note.median.toFixed(1)} ms, p95 ${note.p95.toFixed(1)} ms, max ${note.max.toFixed(1)} ms (budget ${BUDGET_MS} ms)`
);
console.log(
  `  the write's own round trip: median ${write.median.toFixed(1)} ms, p95 ${write.p95.toFixed(1)} ms; ` +
    `the notification came before the write's answer in ${beforeAnswer} of ${RUNS} runs`
);
socket.close();
await host.close();
process.exit(note.median <= BUDGET_MS ? 0 : 1);
