import {
  FhircastError,
  validateEvent,
  validateSubscriptionRequest,
  type FhircastEvent,
  type FhircastEventName,
  type FhircastMessage,
} from '@/fhir/fhircast';
import { badRequest, FhirError, methodNotAllowed, notFound } from '../engine/outcome';
import type { Clock, RequestContext } from '../engine/types';
import { parseFrame, websocketUrl, type RealtimeSocket, type SocketSession } from './sockets';

export const FHIRCAST_PATH = '/fhircast/STU3';
export const FHIRCAST_SOCKET_PREFIX = '/ws/fhircast/';
/** A subscription lasts this long unless hub.lease_seconds asks for less. */
const DEFAULT_LEASE_SECONDS = 3600;
/** Topics and form fields longer than this are refused. */
const MAX_FIELD_LENGTH = 256;

interface Endpoint {
  projectId: string;
  topic: string;
  events: Set<FhircastEventName>;
  expiresAt: number;
  sockets: Set<RealtimeSocket>;
}

/** The context a topic holds after an open (or an update), as GET answers it. */
interface TopicContext {
  type: string;
  versionId?: string;
  context: FhircastEvent['context'];
}

/**
 * A FHIRcast hub at /fhircast/STU3: websocket subscriptions to a topic (form-encoded), publishing
 * events to a topic (checked as the client checks them), the current context of a topic, and delivery
 * to each subscribed socket on /ws/fhircast/{endpoint}. Topics belong to the caller's project.
 */
export class FhircastHub {
  private readonly endpoints = new Map<string, Endpoint>();
  private readonly contexts = new Map<string, TopicContext>();

  constructor(private readonly clock: Clock) {}

  /** Answers requests under /fhircast/STU3 for an authenticated caller. */
  async handle(request: Request, context: RequestContext): Promise<Response> {
    const path = new URL(request.url).pathname;
    const rest = path.slice(FHIRCAST_PATH.length).replace(/^\/+|\/+$/g, '');
    try {
      if (rest === '') {
        if (request.method !== 'POST') throw methodNotAllowed('Use POST to subscribe or to publish');
        if (isJson(request)) return await this.publish(request, context, undefined);
        return await this.subscribe(request, context);
      }
      if (rest.includes('/')) throw notFound(`No FHIRcast route ${path}`);
      const topic = decodeURIComponent(rest);
      if (request.method === 'POST') return await this.publish(request, context, topic);
      if (request.method === 'GET') return json(200, this.currentContext(context.projectId, topic));
      throw methodNotAllowed('Use GET for the current context or POST to publish');
    } catch (error) {
      if (error instanceof FhircastError) return json(400, badRequest(error.message).toOutcome());
      if (error instanceof FhirError) return json(error.status, error.toOutcome());
      throw error;
    }
  }

  /** Whether the hub knows the websocket endpoint at this path (/ws/fhircast/{endpoint}). */
  knows(path: string): boolean {
    return path.startsWith(FHIRCAST_SOCKET_PREFIX);
  }

  /** Takes a socket on /ws/fhircast/{endpoint}: confirms the subscription or denies an unknown endpoint. */
  connect(path: string, socket: RealtimeSocket): SocketSession {
    const id = decodeURIComponent(path.slice(FHIRCAST_SOCKET_PREFIX.length));
    const endpoint = this.live(id);
    if (!endpoint) {
      send(socket, {
        'hub.mode': 'denied',
        'hub.topic': '',
        'hub.events': '',
        'hub.reason': 'invalid endpoint',
      });
      socket.close(1008, 'Unknown FHIRcast endpoint');
      return { receive: () => undefined, closed: () => undefined };
    }
    endpoint.sockets.add(socket);
    send(socket, {
      'hub.mode': 'subscribe',
      'hub.topic': endpoint.topic,
      'hub.events': [...endpoint.events].join(','),
      'hub.lease_seconds': Math.max(0, Math.round((endpoint.expiresAt - this.clock.now()) / 1000)),
    });
    return {
      // Subscribers acknowledge each event with {id, timestamp}; the hub needs nothing from them.
      receive: (text) => void parseFrame(text),
      closed: () => endpoint.sockets.delete(socket),
    };
  }

  /** Sends each subscribed socket a heartbeat event. */
  heartbeat(periodSeconds: number): void {
    for (const endpoint of this.endpoints.values()) {
      for (const socket of endpoint.sockets) {
        send(socket, {
          timestamp: new Date(this.clock.now()).toISOString(),
          id: crypto.randomUUID(),
          event: {
            'hub.topic': endpoint.topic,
            'hub.event': 'heartbeat',
            context: [{ key: 'period', decimal: String(periodSeconds) }],
          },
        });
      }
    }
  }

  get socketCount(): number {
    let count = 0;
    for (const endpoint of this.endpoints.values()) count += endpoint.sockets.size;
    return count;
  }

  dispose(): void {
    for (const endpoint of this.endpoints.values()) {
      for (const socket of endpoint.sockets) socket.close(1012, 'Server restarting');
    }
    this.endpoints.clear();
    this.contexts.clear();
  }

  private async subscribe(request: Request, context: RequestContext): Promise<Response> {
    const contentType = request.headers.get('content-type') ?? '';
    if (!contentType.includes('application/x-www-form-urlencoded')) {
      throw badRequest('Subscribe with a form-encoded body (application/x-www-form-urlencoded)');
    }
    const form = new URLSearchParams(await request.text());
    for (const name of ['hub.channel.type', 'hub.mode', 'hub.topic', 'hub.events']) {
      if (!form.get(name)) throw badRequest(`Missing ${name}`);
    }
    for (const [name, value] of form) {
      if (value.length > MAX_FIELD_LENGTH && name !== 'hub.events') {
        throw badRequest(`${name} is longer than ${MAX_FIELD_LENGTH} characters`);
      }
    }
    const events = (form.get('hub.events') ?? '').split(',').map((event) => event.trim());
    const endpointUrl = form.get('endpoint') ?? form.get('hub.channel.endpoint') ?? undefined;
    const subscription = {
      channelType: form.get('hub.channel.type') as 'websocket',
      mode: form.get('hub.mode') as 'subscribe' | 'unsubscribe',
      topic: form.get('hub.topic') ?? '',
      events: events as FhircastEventName[],
      endpoint: endpointUrl,
    };
    validateSubscriptionRequest(subscription);
    const lease = this.leaseSeconds(form);
    if (subscription.mode === 'unsubscribe') {
      const id = endpointUrl ? endpointIdOf(endpointUrl) : undefined;
      const endpoint = id ? this.endpoints.get(id) : undefined;
      if (
        !id ||
        !endpoint ||
        endpoint.projectId !== context.projectId ||
        endpoint.topic !== subscription.topic
      ) {
        throw badRequest('Unsubscribe names the endpoint the hub gave for this topic; none matches');
      }
      for (const socket of endpoint.sockets) {
        send(socket, {
          'hub.mode': 'denied',
          'hub.topic': endpoint.topic,
          'hub.events': [...endpoint.events].join(','),
          'hub.reason': 'Subscriber unsubscribed from topic',
        });
        socket.close(1000, 'Unsubscribed');
      }
      this.endpoints.delete(id);
      return json(202, { 'hub.channel.endpoint': endpointUrl });
    }
    this.pruneEndpoints();
    const id = crypto.randomUUID();
    this.endpoints.set(id, {
      projectId: context.projectId,
      topic: subscription.topic,
      events: new Set(subscription.events),
      expiresAt: this.clock.now() + lease * 1000,
      sockets: new Set(),
    });
    return json(202, {
      'hub.channel.endpoint': websocketUrl(request.url, `${FHIRCAST_SOCKET_PREFIX}${id}`),
      'hub.lease_seconds': lease,
    });
  }

  private leaseSeconds(form: URLSearchParams): number {
    const text = form.get('hub.lease_seconds') ?? form.get('hub.lease');
    if (text === null) return DEFAULT_LEASE_SECONDS;
    const seconds = Number(text);
    if (!/^\d+$/.test(text) || seconds < 1)
      throw badRequest('hub.lease_seconds must be a positive whole number');
    return Math.min(seconds, DEFAULT_LEASE_SECONDS);
  }

  private async publish(
    request: Request,
    context: RequestContext,
    topic: string | undefined
  ): Promise<Response> {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      throw badRequest('Publish a JSON event: {id, timestamp, event}');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest('Publish a JSON event: {id, timestamp, event}');
    }
    const { id, timestamp, event } = body as { id?: unknown; timestamp?: unknown; event?: unknown };
    if (typeof id !== 'string' || id === '') throw badRequest('Missing event ID');
    if (typeof timestamp !== 'string' || Number.isNaN(Date.parse(timestamp))) {
      throw badRequest('Missing event timestamp');
    }
    if (typeof event !== 'object' || event === null) throw badRequest('Missing event payload');
    const checked = validateEvent(event as Record<string, unknown>);
    if (topic !== undefined && checked['hub.topic'] !== topic) {
      throw badRequest(
        `The event's hub.topic '${checked['hub.topic']}' is not the topic '${topic}' it was posted to`
      );
    }
    const message: FhircastMessage = { id, timestamp, event: this.record(context.projectId, checked) };
    this.deliver(context.projectId, message);
    return json(201, { success: true, event: message });
  }

  /** Keeps the topic's current context: an open sets it, a close clears it, a report update versions it. */
  private record(projectId: string, event: FhircastEvent): FhircastEvent {
    const key = `${projectId}:${event['hub.topic']}`;
    const name = event['hub.event'];
    const [anchor = ''] = name.split('-');
    if (name.endsWith('-open')) {
      const versionId = crypto.randomUUID();
      this.contexts.set(key, { type: anchor, versionId, context: event.context });
      return { ...event, 'context.versionId': versionId };
    }
    if (name.endsWith('-close')) {
      this.contexts.delete(key);
      return event;
    }
    if (name === 'DiagnosticReport-update') {
      const current = this.contexts.get(key);
      if (current?.type !== 'DiagnosticReport') {
        throw badRequest('DiagnosticReport-update needs an open DiagnosticReport context on the topic');
      }
      if (current.versionId !== event['context.versionId']) {
        throw new FhirError(
          409,
          `context.versionId '${event['context.versionId'] ?? ''}' is not the current version`,
          'conflict'
        );
      }
      const versionId = crypto.randomUUID();
      this.contexts.set(key, { ...current, versionId });
      return { ...event, 'context.priorVersionId': current.versionId, 'context.versionId': versionId };
    }
    return event;
  }

  private deliver(projectId: string, message: FhircastMessage): void {
    const topic = message.event['hub.topic'];
    const name = message.event['hub.event'];
    for (const endpoint of this.endpoints.values()) {
      if (endpoint.projectId !== projectId || endpoint.topic !== topic) continue;
      if (!endpoint.events.has(name) && name !== 'syncerror') continue;
      for (const socket of endpoint.sockets) send(socket, message);
    }
  }

  private currentContext(projectId: string, topic: string): unknown {
    const current = this.contexts.get(`${projectId}:${topic}`);
    if (!current) return { 'context.type': '', context: [] };
    return { 'context.type': current.type, 'context.versionId': current.versionId, context: current.context };
  }

  private live(id: string): Endpoint | undefined {
    const endpoint = this.endpoints.get(id);
    if (endpoint && endpoint.expiresAt <= this.clock.now() && endpoint.sockets.size === 0) {
      this.endpoints.delete(id);
      return undefined;
    }
    return endpoint;
  }

  private pruneEndpoints(): void {
    for (const id of [...this.endpoints.keys()]) this.live(id);
  }
}

function endpointIdOf(url: string): string | undefined {
  try {
    const path = new URL(url).pathname;
    return path.startsWith(FHIRCAST_SOCKET_PREFIX)
      ? decodeURIComponent(path.slice(FHIRCAST_SOCKET_PREFIX.length))
      : undefined;
  } catch {
    return undefined;
  }
}

function isJson(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').includes('json');
}

function send(socket: RealtimeSocket, message: unknown): void {
  try {
    socket.send(JSON.stringify(message));
  } catch {
    // A socket that closed while a message was on its way simply misses it.
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
