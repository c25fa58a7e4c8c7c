import {
  createFhircastMessage,
  FhircastError,
  subscriptionRequestForm,
  validateSubscriptionRequest,
  type FhircastEventName,
  type FhircastMessage,
  type FhircastSubscriptionRequest,
} from '@/fhir/fhircast';
import type { RequestOptions } from '../client';
import { Emitter } from '../events';
import type { WebSocketConstructor, WebSocketLike } from '../subscriptions';

/** The HTTP calls the FHIRcast client makes; ApiClient has them (bearer token, retries, server words). */
export interface FhircastHttp {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
}

export interface FhircastClientOptions {
  http: FhircastHttp;
  WebSocket: WebSocketConstructor;
  /** The hub's address, relative to the server's base; 'fhircast/STU3' by default. */
  hubPath?: string;
}

/** The current context of a topic, as the hub answers it ('' type and no context when none is open). */
export interface FhircastContext {
  'context.type': string;
  'context.versionId'?: string;
  context: FhircastMessage['event']['context'];
}

export interface FhircastConnectionEvents extends Record<string, unknown> {
  connect: undefined;
  message: FhircastMessage;
  /** The hub ended the subscription (unsubscribed, unknown endpoint) or the socket closed. */
  disconnect: { reason?: string };
}

export const DEFAULT_HUB_PATH = 'fhircast/STU3';

/**
 * Context sync over a FHIRcast hub: subscribe to a topic's events (websocket channel), publish events
 * checked by the same rules as the hub, read a topic's current context, and receive events on a
 * connection that acknowledges each one.
 */
export class FhircastClient {
  private readonly hubPath: string;

  constructor(private readonly options: FhircastClientOptions) {
    this.hubPath = (options.hubPath ?? DEFAULT_HUB_PATH).replace(/\/+$/, '');
  }

  async subscribe(topic: string, events: FhircastEventName[]): Promise<FhircastSubscriptionRequest> {
    const request: FhircastSubscriptionRequest = {
      channelType: 'websocket',
      mode: 'subscribe',
      topic,
      events,
    };
    const answer = await this.options.http.request<Record<string, unknown>>('POST', this.hubPath, {
      form: subscriptionRequestForm(request),
    });
    const endpoint = answer?.['hub.channel.endpoint'];
    if (typeof endpoint !== 'string' || endpoint === '') throw new Error('Invalid response!');
    return { ...request, endpoint };
  }

  async unsubscribe(subscription: FhircastSubscriptionRequest): Promise<void> {
    if (!subscription.endpoint) throw new FhircastError('Unsubscribing needs the endpoint the hub gave');
    const request: FhircastSubscriptionRequest = { ...subscription, mode: 'unsubscribe' };
    await this.options.http.request('POST', this.hubPath, { form: subscriptionRequestForm(request) });
  }

  /** Publishes an event to a topic; throws FhircastError before sending anything the hub would refuse. */
  publish(topic: string, event: FhircastEventName, context: unknown, versionId?: string): Promise<unknown> {
    const message = createFhircastMessage(topic, event, context, { versionId });
    return this.options.http.request('POST', `${this.hubPath}/${encodeURIComponent(topic)}`, {
      body: message,
    });
  }

  getContext(topic: string): Promise<FhircastContext> {
    if (topic === '') throw new FhircastError('Must provide a topic');
    return this.options.http.request<FhircastContext>('GET', `${this.hubPath}/${encodeURIComponent(topic)}`);
  }

  /** Opens the subscription's websocket; events arrive on the returned connection. */
  connect(subscription: FhircastSubscriptionRequest): FhircastConnection {
    validateSubscriptionRequest(subscription);
    if (!subscription.endpoint) throw new FhircastError('Connecting needs the endpoint the hub gave');
    return new FhircastConnection(new this.options.WebSocket(subscription.endpoint));
  }
}

/** One websocket to the hub: connect, message (each acknowledged) and disconnect events. */
export class FhircastConnection {
  readonly events = new Emitter<FhircastConnectionEvents>();

  constructor(private readonly socket: WebSocketLike) {
    let reason: string | undefined;
    socket.addEventListener('open', () => this.events.emit('connect', undefined));
    socket.addEventListener('message', (event) => {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(String(event.data)) as Record<string, unknown>;
      } catch {
        return;
      }
      if (message['hub.mode'] === 'denied') {
        reason = typeof message['hub.reason'] === 'string' ? message['hub.reason'] : 'denied';
        return;
      }
      // Subscription confirmations carry hub.mode; heartbeats only keep the line open.
      if (message['hub.mode'] !== undefined) return;
      const payload = message as unknown as FhircastMessage;
      if ((payload.event?.['hub.event'] as string | undefined) === 'heartbeat') return;
      if (typeof payload.id !== 'string' || !payload.event) return;
      this.events.emit('message', payload);
      socket.send(JSON.stringify({ id: payload.id, timestamp: new Date().toISOString() }));
    });
    socket.addEventListener('close', () => this.events.emit('disconnect', { reason }));
  }

  on<K extends keyof FhircastConnectionEvents>(
    event: K,
    listener: (payload: FhircastConnectionEvents[K]) => void
  ): () => void {
    return this.events.on(event, listener);
  }

  disconnect(): void {
    this.socket.close(1000, 'Disconnected');
  }
}
