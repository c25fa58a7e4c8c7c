import type { Parameters, Subscription, Task } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { signInByApi, type ApiSession } from '@tests/fixtures/api-sign-in';
import { createNodeFakeServer, type NodeFakeServer } from '../node';
import { realtimeLink } from './msw-link';

/**
 * The link `npm run dev` uses, run here under msw/node: msw replaces the global WebSocket (the `ws`
 * package stands in for the browser's, which Node 20 lacks), so a page's socket never leaves the process.
 */
let node: NodeFakeServer;
let session: ApiSession;

beforeAll(async () => {
  vi.stubGlobal('WebSocket', WebSocket);
  node = createNodeFakeServer({ heartbeatMs: 0 });
  node.server.use(realtimeLink(node.fake, node.baseUrl.replace(/\/$/, '')));
  node.server.listen({ onUnhandledRequest: 'error' });
  session = await signInByApi(node.baseUrl, 'doctor@example.com');
});

afterAll(() => {
  node.server.close();
  vi.unstubAllGlobals();
});

interface PageSocket {
  messages: Record<string, unknown>[];
  send(message: unknown): void;
  next(test: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  closed: Promise<number>;
}

async function openPageSocket(url: string): Promise<PageSocket> {
  const socket = new globalThis.WebSocket(url);
  const messages: Record<string, unknown>[] = [];
  const wakers = new Set<() => void>();
  socket.addEventListener('message', (event) => {
    messages.push(JSON.parse(String(event.data)) as Record<string, unknown>);
    wakers.forEach((wake) => wake());
  });
  const closed = new Promise<number>((resolve) =>
    socket.addEventListener('close', (event) => resolve(event.code))
  );
  await new Promise((resolve) => socket.addEventListener('open', resolve));
  return {
    messages,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next: (test) =>
      new Promise((resolve) => {
        const look = (): void => {
          const found = messages.find(test);
          if (found) {
            wakers.delete(look);
            resolve(found);
          }
        };
        wakers.add(look);
        look();
      }),
    closed,
  };
}

describe("msw's websocket link to the fake server", () => {
  it('binds a subscription and delivers a Task update inside the page', async () => {
    const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;
    const subscription = await json<Subscription>(
      await session.fetch('fhir/R4/Subscription', {
        method: 'POST',
        body: JSON.stringify({
          resourceType: 'Subscription',
          status: 'active',
          reason: 'dev',
          criteria: 'Task',
          channel: { type: 'websocket' },
        }),
      })
    );
    const binding = await json<Parameters>(
      await session.fetch(`fhir/R4/Subscription/${subscription.id}/$get-ws-binding-token`)
    );
    const url = binding.parameter?.find((p) => p.name === 'websocket-url')?.valueUrl ?? '';
    expect(url).toBe('ws://localhost:3000/ws/subscriptions-r4');
    const socket = await openPageSocket(url);
    socket.send({
      type: 'bind-with-token',
      payload: { token: binding.parameter?.find((p) => p.name === 'token')?.valueString },
    });
    await socket.next((m) => JSON.stringify(m).includes('"handshake"'));
    const task = await json<Task>(
      await session.fetch('fhir/R4/Task', {
        method: 'POST',
        body: JSON.stringify({ resourceType: 'Task', status: 'ready', intent: 'order' }),
      })
    );
    const note = await socket.next((m) => JSON.stringify(m).includes(`"id":"${task.id}"`));
    expect(note).toMatchObject({ resourceType: 'Bundle', type: 'history' });
  });

  it('closes a socket that sends a frame over the size limit', async () => {
    const socket = await openPageSocket('ws://localhost:3000/ws/subscriptions-r4');
    socket.send('x'.repeat(64 * 1024));
    expect(await socket.closed).toBe(1009);
  });
});
