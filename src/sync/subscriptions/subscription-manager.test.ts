import type { Bundle, Parameters, Resource, Subscription } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import type { FhirClient } from '../fhir';
import type { CreateResult } from '../fhir';
import {
  SubscriptionManager,
  type SubscriptionEvents,
  type SubscriptionFhirClient,
  type TimerClock,
  type WebSocketLike,
} from './subscription-manager';

// FhirClient is what the sync engine will hand the manager.
const _fhirClientFits = (client: FhirClient): SubscriptionFhirClient => client;

class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: number | undefined;
  private readonly listeners = new Map<string, ((event: { data: unknown }) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: { data: unknown }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code?: number): void {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
  }
  fire(type: string, data?: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  /** The server accepts the connection. */
  open(): void {
    this.readyState = 1;
    this.fire('open');
  }
  /** The connection drops (server gone, network lost). */
  drop(): void {
    this.readyState = 3;
    this.fire('close');
  }
  receive(message: unknown): void {
    this.fire('message', JSON.stringify(message));
  }
  sentOfType(type: string): Record<string, unknown>[] {
    return this.sent.filter((message) => message.type === type);
  }
}

function statusBundle(type: string, subscriptionId: string, resource?: Resource): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'history',
    entry: [
      {
        resource: {
          resourceType: 'SubscriptionStatus',
          status: 'active',
          type: type as 'handshake',
          subscription: { reference: `Subscription/${subscriptionId}` },
        },
      },
      ...(resource ? [{ resource }] : []),
    ],
  };
}

/** One harness: the manager with a fake server, fake sockets and a clock moved by tick(). */
function testManager(options: { token?: boolean; url?: boolean; failCreate?: string } = {}) {
  const sockets: FakeSocket[] = [];
  const created: Subscription[] = [];
  const tokenRequests: string[] = [];
  let timers: { at: number; callback: () => void; handle: number }[] = [];
  let now = 0;
  let nextHandle = 1;
  const clock: TimerClock = {
    setTimeout: (callback, ms) => {
      const handle = nextHandle++;
      timers.push({ at: now + ms, callback, handle });
      return handle;
    },
    clearTimeout: (handle) => {
      timers = timers.filter((timer) => timer.handle !== handle);
    },
  };
  const fhir: SubscriptionFhirClient = {
    url: (relative) => `http://server/fhir/R4/${relative}`,
    async create<T extends Resource>(resource: T): Promise<CreateResult<T>> {
      if (options.failCreate) throw new Error(options.failCreate);
      const stored = { ...resource, id: `sub-${created.length + 1}` } as T;
      created.push(stored as unknown as Subscription);
      return { resource: stored, created: true };
    },
    async get<T>(url: string): Promise<T> {
      tokenRequests.push(url);
      const parameter: Parameters['parameter'] = [];
      if (options.token !== false)
        parameter.push({ name: 'token', valueString: `token-${tokenRequests.length}` });
      if (options.url !== false)
        parameter.push({ name: 'websocket-url', valueUrl: 'ws://server/ws/subscriptions-r4' });
      return { resourceType: 'Parameters', parameter } as T;
    },
  };
  const WebSocket = class extends FakeSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
  };
  const manager = new SubscriptionManager({
    fhir,
    WebSocket,
    timers: clock,
    reconnectDelayMs: 1000,
    maxReconnectDelayMs: 8000,
    pingIntervalMs: 5000,
  });
  const events: { type: keyof SubscriptionEvents; payload: unknown }[] = [];
  for (const type of ['connect', 'heartbeat', 'message', 'error', 'close', 'disconnect'] as const) {
    manager.events.on(type, (payload) => events.push({ type, payload }));
  }
  return {
    manager,
    sockets,
    created,
    tokenRequests,
    events,
    socket: () => sockets[sockets.length - 1] as FakeSocket,
    /** Lets pending promises (the FHIR calls) finish. */
    settle: () => new Promise((resolve) => setTimeout(resolve, 0)),
    /** Moves the clock, running the timers that fall due. */
    tick(ms: number) {
      now += ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        due.callback();
      }
    },
    errors: () =>
      events.filter((event) => event.type === 'error').map((event) => (event.payload as Error).message),
  };
}

describe('SubscriptionManager', () => {
  it('binds a criteria on one socket and passes its notifications to its users', async () => {
    const t = testManager();
    const sub = t.manager.subscribe('Task?status=ready');
    const seen: Resource[] = [];
    sub.on('message', ({ resource }) => resource && seen.push(resource));
    await t.settle();
    expect(t.created).toEqual([
      expect.objectContaining({
        criteria: 'Task?status=ready',
        channel: { type: 'websocket' },
        status: 'active',
      }),
    ]);
    expect(t.socket().url).toBe('ws://server/ws/subscriptions-r4');
    t.socket().open();
    expect(t.socket().sentOfType('bind-with-token')).toEqual([
      { type: 'bind-with-token', payload: { token: 'token-1' } },
    ]);
    t.socket().receive(statusBundle('handshake', 'sub-1'));
    t.socket().receive(
      statusBundle('event-notification', 'sub-1', { resourceType: 'Task', id: 't1' } as Resource)
    );
    expect(seen).toEqual([{ resourceType: 'Task', id: 't1' }]);
    expect(t.events.map((event) => event.type)).toEqual(['connect', 'message']);
  });

  it('shares one Subscription among users of one criteria and keeps it until the last one leaves', async () => {
    const t = testManager();
    const first = t.manager.subscribe('Task');
    const second = t.manager.subscribe('Task');
    await t.settle();
    t.socket().open();
    expect(t.created).toHaveLength(1);
    expect(t.sockets).toHaveLength(1);
    const secondSaw: string[] = [];
    second.on('message', ({ resource }) => secondSaw.push(resource?.id ?? ''));
    first.remove();
    first.remove();
    t.socket().receive(
      statusBundle('event-notification', 'sub-1', { resourceType: 'Task', id: 'still' } as Resource)
    );
    expect(secondSaw).toEqual(['still']);
    expect(t.socket().closedWith).toBeUndefined();
    expect(t.events.some((event) => event.type === 'disconnect')).toBe(false);
  });

  it('drops a subscription when its last user removes it, and closes the socket when none remain', async () => {
    const t = testManager();
    const task = t.manager.subscribe('Task');
    const comm = t.manager.subscribe('Communication');
    await t.settle();
    t.socket().open();
    task.remove();
    expect(t.socket().sentOfType('unbind-from-token')).toEqual([
      { type: 'unbind-from-token', payload: { token: 'token-1' } },
    ]);
    expect(t.events.filter((event) => event.type === 'disconnect')).toEqual([
      { type: 'disconnect', payload: { subscriptionId: 'sub-1' } },
    ]);
    expect(t.socket().closedWith).toBeUndefined();
    comm.remove();
    expect(t.socket().closedWith).toBe(1000);
    expect(t.manager.criteriaCount).toBe(0);
    t.tick(60_000);
    expect(t.sockets).toHaveLength(1);
  });

  it('reconnects with doubling back-off after the socket drops, and binds again with fresh tokens', async () => {
    const t = testManager();
    t.manager.subscribe('Task');
    await t.settle();
    t.socket().open();
    t.socket().drop();
    expect(t.events.some((event) => event.type === 'close')).toBe(true);
    t.tick(999);
    await t.settle();
    expect(t.sockets).toHaveLength(1);
    t.tick(1);
    await t.settle();
    expect(t.sockets).toHaveLength(2);
    // The second socket fails too: the next try waits twice as long.
    t.socket().drop();
    t.tick(1999);
    await t.settle();
    expect(t.sockets).toHaveLength(2);
    t.tick(1);
    await t.settle();
    expect(t.sockets).toHaveLength(3);
    t.socket().open();
    expect(t.socket().sentOfType('bind-with-token')).toEqual([
      { type: 'bind-with-token', payload: { token: 'token-3' } },
    ]);
    expect(t.created).toHaveLength(1);
    // Once open again, the back-off starts over.
    t.socket().drop();
    t.tick(1000);
    await t.settle();
    expect(t.sockets).toHaveLength(4);
  });

  it('never waits longer than the longest back-off', async () => {
    const t = testManager();
    t.manager.subscribe('Task');
    await t.settle();
    for (let i = 0; i < 6; i++) {
      t.socket().drop();
      t.tick(8000);
      await t.settle();
    }
    expect(t.sockets).toHaveLength(7);
  });

  it("reports 'WebSocket error' to every user when the socket fails", async () => {
    const t = testManager();
    const sub = t.manager.subscribe('Task');
    const mine: string[] = [];
    sub.on('error', (error) => mine.push(error.message));
    await t.settle();
    t.socket().fire('error');
    expect(mine).toEqual(['WebSocket error']);
    expect(t.errors()).toEqual(['WebSocket error']);
  });

  it("reports 'Failed to get token' and drops the criteria so its user can fall back to polling", async () => {
    const t = testManager({ token: false });
    const sub = t.manager.subscribe('Task');
    const mine: string[] = [];
    sub.on('error', (error) => mine.push(error.message));
    await t.settle();
    expect(mine).toEqual(['Failed to get token']);
    expect(t.manager.criteriaCount).toBe(0);
    expect(t.sockets).toHaveLength(0);
  });

  it("reports 'Failed to get URL from $get-ws-binding-token' when the server names no socket", async () => {
    const t = testManager({ url: false });
    t.manager.subscribe('Task');
    await t.settle();
    expect(t.errors()).toEqual(['Failed to get URL from $get-ws-binding-token']);
    expect(t.sockets).toHaveLength(0);
  });

  it("passes on the server's words when the Subscription cannot be created", async () => {
    const t = testManager({ failCreate: 'Forbidden' });
    t.manager.subscribe('Task');
    await t.settle();
    expect(t.errors()).toEqual(['Forbidden']);
  });

  it('passes heartbeats on and reports a refused binding with the server words', async () => {
    const t = testManager();
    const sub = t.manager.subscribe('Task');
    const beats: number[] = [];
    sub.on('heartbeat', () => beats.push(1));
    await t.settle();
    t.socket().open();
    t.socket().receive(statusBundle('heartbeat', 'sub-1'));
    expect(beats).toEqual([1]);
    t.socket().receive({
      resourceType: 'OperationOutcome',
      issue: [
        {
          severity: 'error',
          code: 'invalid',
          details: { text: 'Token failed to validate. Check token expiry.' },
        },
      ],
    });
    expect(t.errors()).toEqual(['Token failed to validate. Check token expiry.']);
  });

  it('treats a socket that stops answering pings as lost and reconnects', async () => {
    const t = testManager();
    t.manager.subscribe('Task');
    await t.settle();
    t.socket().open();
    t.tick(5000);
    expect(t.socket().sentOfType('ping')).toHaveLength(1);
    t.socket().receive({ type: 'pong' });
    t.tick(5000);
    expect(t.socket().sentOfType('ping')).toHaveLength(2);
    t.tick(5000);
    expect(t.socket().closedWith).toBe(4000);
    t.tick(1000);
    await t.settle();
    expect(t.sockets).toHaveLength(2);
  });

  it('does not bind a criteria removed while its token was being fetched', async () => {
    const t = testManager();
    const sub = t.manager.subscribe('Task');
    sub.remove();
    await t.settle();
    expect(t.sockets).toHaveLength(0);
    expect(t.manager.criteriaCount).toBe(0);
  });
});
