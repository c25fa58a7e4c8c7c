import type { Bundle, Parameters, Resource, Subscription, SubscriptionStatus } from '@medplum/fhirtypes';
import { Emitter } from '../events';
import { isOperationOutcome, outcomeText } from '../http/errors';
import type { CreateResult, ReadOptions } from '../fhir';

/** The FHIR calls the manager makes; FhirClient has them. */
export interface SubscriptionFhirClient {
  create<T extends Resource>(resource: T): Promise<CreateResult<T>>;
  get<T>(url: string, options?: ReadOptions): Promise<T>;
  /** An absolute address under the FHIR base. */
  url(relative: string): string;
}

/** The part of a WebSocket the manager uses; the browser's and the `ws` package's both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** Timers as the manager sees them, so tests can run the back-off and the ping without waiting. */
export interface TimerClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: TimerClock = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What a subscription channel tells its users: connect, heartbeat, message, error, close, disconnect. */
export interface SubscriptionEvents extends Record<string, unknown> {
  /** The server confirmed the binding: notifications for this subscription follow. */
  connect: { subscriptionId: string };
  heartbeat: { bundle: Bundle };
  /** A notification: the Bundle as sent, and the changed resource it carries. */
  message: { bundle: Bundle; subscriptionId: string; resource?: Resource };
  error: Error;
  /** The socket closed; the manager reconnects while subscriptions remain. */
  close: { code?: number };
  /** The subscription is no longer watched (its last user removed it). */
  disconnect: { subscriptionId: string };
}

/** One user's hold on a criteria. */
export interface CriteriaSubscription {
  readonly criteria: string;
  on<K extends keyof SubscriptionEvents>(
    event: K,
    listener: (payload: SubscriptionEvents[K]) => void
  ): () => void;
  /** Gives up this hold; the shared subscription is dropped when the last one is given up. */
  remove(): void;
}

export interface SubscriptionManagerOptions {
  fhir: SubscriptionFhirClient;
  WebSocket: WebSocketConstructor;
  timers?: TimerClock;
  /** First reconnect delay; each further attempt doubles it, up to maxReconnectDelayMs. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  /** How often the socket is pinged; a ping unanswered by the next one counts as a dead socket. */
  pingIntervalMs?: number;
}

export const DEFAULT_RECONNECT_DELAY_MS = 1000;
export const DEFAULT_MAX_RECONNECT_DELAY_MS = 30_000;
export const DEFAULT_PING_INTERVAL_MS = 10_000;
const OPEN = 1;

interface Entry {
  criteria: string;
  users: number;
  events: Emitter<SubscriptionEvents>;
  subscriptionId?: string;
  token?: string;
  /** Bumped on every (re)binding attempt, so a stale answer is ignored. */
  attempt: number;
}

/**
 * Live updates over Medplum-style websocket subscriptions. Each criteria gets one Subscription
 * resource however many users ask for it; the manager fetches a binding token, binds it on one shared
 * socket, and passes notifications to the users of that criteria. A criteria is dropped when its last
 * user removes it, and the socket closed when no criteria remain; a socket lost while criteria remain
 * is reopened with exponential back-off and every criteria bound again with a fresh token.
 */
export class SubscriptionManager {
  /** Events of every criteria, for a caller that watches them all. */
  readonly events = new Emitter<SubscriptionEvents>();
  private readonly entries = new Map<string, Entry>();
  private readonly bySubscriptionId = new Map<string, Entry>();
  private readonly timers: TimerClock;
  private socket: WebSocketLike | undefined;
  private socketUrl: string | undefined;
  private reconnectAttempts = 0;
  private reconnectTimer: unknown;
  private pingTimer: unknown;
  private awaitingPong = false;

  constructor(private readonly options: SubscriptionManagerOptions) {
    this.timers = options.timers ?? systemTimers;
  }

  /** Adds a user of a criteria ('Task?owner=Practitioner/1'); several users share one Subscription. */
  subscribe(criteria: string): CriteriaSubscription {
    let entry = this.entries.get(criteria);
    const isNew = !entry;
    if (!entry) {
      entry = { criteria, users: 0, events: new Emitter<SubscriptionEvents>(), attempt: 0 };
      this.entries.set(criteria, entry);
    }
    entry.users++;
    if (isNew) void this.bind(entry);
    let removed = false;
    const held = entry;
    return {
      criteria,
      on: (event, listener) => held.events.on(event, listener),
      remove: () => {
        if (removed) return;
        removed = true;
        this.release(held);
      },
    };
  }

  /** How many criteria are watched. */
  get criteriaCount(): number {
    return this.entries.size;
  }

  /** Drops every criteria and closes the socket. */
  close(): void {
    for (const entry of [...this.entries.values()]) {
      entry.users = 1;
      this.release(entry);
    }
  }

  private release(entry: Entry): void {
    entry.users--;
    if (entry.users > 0 || this.entries.get(entry.criteria) !== entry) return;
    this.entries.delete(entry.criteria);
    entry.attempt++;
    if (entry.subscriptionId) {
      this.bySubscriptionId.delete(entry.subscriptionId);
      const payload = { subscriptionId: entry.subscriptionId };
      entry.events.emit('disconnect', payload);
      this.events.emit('disconnect', payload);
    }
    if (entry.token && this.socket?.readyState === OPEN) {
      this.socket.send(JSON.stringify({ type: 'unbind-from-token', payload: { token: entry.token } }));
    }
    if (this.entries.size === 0) this.shutDown();
  }

  /** Creates the entry's Subscription (once), fetches a binding token and binds it on the socket. */
  private async bind(entry: Entry): Promise<void> {
    const attempt = ++entry.attempt;
    try {
      const { fhir } = this.options;
      if (!entry.subscriptionId) {
        const { resource } = await fhir.create<Subscription>({
          resourceType: 'Subscription',
          status: 'active',
          reason: `Live updates for ${entry.criteria}`,
          criteria: entry.criteria,
          channel: { type: 'websocket' },
        });
        if (!resource.id) throw new Error('The server created a Subscription without an id');
        entry.subscriptionId = resource.id;
      }
      const subscriptionId = entry.subscriptionId;
      const parameters = await fhir.get<Parameters>(
        fhir.url(`Subscription/${encodeURIComponent(subscriptionId)}/$get-ws-binding-token`),
        { noCache: true }
      );
      const token = parameters.parameter?.find((p) => p.name === 'token')?.valueString;
      if (!token) throw new Error('Failed to get token');
      const url = parameters.parameter?.find((p) => p.name === 'websocket-url')?.valueUrl;
      if (!url) throw new Error('Failed to get URL from $get-ws-binding-token');
      if (attempt !== entry.attempt || this.entries.get(entry.criteria) !== entry) return;
      entry.token = token;
      this.bySubscriptionId.set(subscriptionId, entry);
      this.socketUrl = url;
      if (!this.socket) this.openSocket();
      else if (this.socket.readyState === OPEN) this.sendBind(entry);
    } catch (error) {
      if (attempt !== entry.attempt || this.entries.get(entry.criteria) !== entry) return;
      const failure = error instanceof Error ? error : new Error(String(error));
      // A criteria that cannot be bound is dropped, so its users can fall back to polling.
      entry.events.emit('error', failure);
      this.events.emit('error', failure);
      this.entries.delete(entry.criteria);
      if (entry.subscriptionId) this.bySubscriptionId.delete(entry.subscriptionId);
      if (this.entries.size === 0) this.shutDown();
    }
  }

  private sendBind(entry: Entry): void {
    if (entry.token)
      this.socket?.send(JSON.stringify({ type: 'bind-with-token', payload: { token: entry.token } }));
  }

  private openSocket(): void {
    if (!this.socketUrl) return;
    const socket = new this.options.WebSocket(this.socketUrl);
    this.socket = socket;
    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      this.reconnectAttempts = 0;
      for (const entry of this.entries.values()) if (entry.token) this.sendBind(entry);
      this.schedulePing();
    });
    socket.addEventListener('message', (event) => {
      if (this.socket === socket) this.receive(event.data);
    });
    socket.addEventListener('error', () => {
      if (this.socket === socket) this.emitAll('error', new Error('WebSocket error'));
    });
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.stopPing();
      this.emitAll('close', {});
      if (this.entries.size > 0) this.scheduleReconnect();
    });
  }

  private receive(data: unknown): void {
    let message: unknown;
    try {
      message = JSON.parse(String(data));
    } catch {
      this.emitAll('error', new Error('Received a websocket message that is not JSON'));
      return;
    }
    if ((message as { type?: unknown }).type === 'pong') {
      this.awaitingPong = false;
      return;
    }
    if (isOperationOutcome(message)) {
      this.emitAll('error', new Error(outcomeText(message)));
      return;
    }
    const bundle = message as Bundle;
    const status = bundle.entry?.[0]?.resource as SubscriptionStatus | undefined;
    if (bundle.resourceType !== 'Bundle' || status?.resourceType !== 'SubscriptionStatus') return;
    if (status.type === 'heartbeat') {
      this.events.emit('heartbeat', { bundle });
      for (const item of bundle.entry ?? []) {
        const id = subscriptionIdOf(item.resource as SubscriptionStatus | undefined);
        const entry = id ? this.bySubscriptionId.get(id) : undefined;
        entry?.events.emit('heartbeat', { bundle });
      }
      return;
    }
    const subscriptionId = subscriptionIdOf(status);
    const entry = subscriptionId ? this.bySubscriptionId.get(subscriptionId) : undefined;
    if (!subscriptionId || !entry) return;
    if (status.type === 'handshake') {
      entry.events.emit('connect', { subscriptionId });
      this.events.emit('connect', { subscriptionId });
    } else if (status.type === 'event-notification') {
      const payload = { bundle, subscriptionId, resource: bundle.entry?.[1]?.resource };
      entry.events.emit('message', payload);
      this.events.emit('message', payload);
    }
  }

  private emitAll<K extends 'error' | 'close'>(event: K, payload: SubscriptionEvents[K]): void {
    this.events.emit(event, payload);
    for (const entry of this.entries.values()) entry.events.emit(event, payload);
  }

  private scheduleReconnect(): void {
    const base = this.options.reconnectDelayMs ?? DEFAULT_RECONNECT_DELAY_MS;
    const max = this.options.maxReconnectDelayMs ?? DEFAULT_MAX_RECONNECT_DELAY_MS;
    const delay = Math.min(max, base * 2 ** this.reconnectAttempts);
    this.reconnectAttempts++;
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.entries.size === 0) return;
      // Tokens are fetched afresh: the old ones may have expired while the socket was down.
      for (const entry of this.entries.values()) {
        entry.token = undefined;
        void this.bind(entry);
      }
    }, delay);
  }

  private schedulePing(): void {
    const interval = this.options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS;
    this.awaitingPong = false;
    const tick = (): void => {
      const socket = this.socket;
      if (!socket) return;
      if (this.awaitingPong) {
        // No answer since the last ping: the connection is dead even if no close arrived.
        this.socket = undefined;
        this.stopPing();
        socket.close(4000, 'No pong');
        this.emitAll('close', {});
        if (this.entries.size > 0) this.scheduleReconnect();
        return;
      }
      this.awaitingPong = true;
      socket.send(JSON.stringify({ type: 'ping' }));
      this.pingTimer = this.timers.setTimeout(tick, interval);
    };
    this.pingTimer = this.timers.setTimeout(tick, interval);
  }

  private stopPing(): void {
    if (this.pingTimer !== undefined) this.timers.clearTimeout(this.pingTimer);
    this.pingTimer = undefined;
    this.awaitingPong = false;
  }

  private shutDown(): void {
    if (this.reconnectTimer !== undefined) this.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.reconnectAttempts = 0;
    this.stopPing();
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000, 'No subscriptions remain');
  }
}

function subscriptionIdOf(status: SubscriptionStatus | undefined): string | undefined {
  const reference = status?.subscription?.reference;
  return reference?.startsWith('Subscription/') ? reference.slice('Subscription/'.length) : undefined;
}
