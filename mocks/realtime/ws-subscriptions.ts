import type { Bundle, Parameters, Resource, Subscription, SubscriptionStatus } from '@medplum/fhirtypes';
import { findMatches, parseSearchQuery, SearchError, type Filter, type SearchParamDef } from '@/fhir/search';
import type { EngineChange, FhirEngine } from '@mocks/engine';
import { badRequest, methodNotAllowed, operationOutcome } from '@mocks/engine/outcome';
import { getSearchRegistry } from '@mocks/engine/search';
import type { VersionRecord } from '@mocks/engine/store';
import type { Clock, RequestContext } from '@mocks/engine/types';
import {
  CLOSE_POLICY,
  MAX_BINDINGS_PER_SOCKET,
  parseFrame,
  websocketUrl,
  type RealtimeSocket,
  type SocketSession,
} from './sockets';

/** Where clients bind to websocket subscriptions. */
export const SUBSCRIPTIONS_SOCKET_PATH = '/ws/subscriptions-r4';
/** A binding token is good for an hour, as Medplum's are. */
const TOKEN_LIFETIME_MS = 60 * 60 * 1000;
const SUPPORTED_INTERACTION_URL =
  'https://medplum.com/fhir/StructureDefinition/subscription-supported-interaction';

type Interaction = 'create' | 'update' | 'delete';

interface BindingToken {
  projectId: string;
  subscriptionId: string;
  expiresAt: number;
  /** The FHIR base the token was asked at, for the notifications' fullUrl. */
  baseUrl: string;
  /** Who asked for the token: notifications carry only what they may read. */
  reader: RequestContext;
}

/** What one socket bound to one subscription: where its notifications point, and for whom. */
interface Binding {
  baseUrl: string;
  reader: RequestContext;
}

/** One open subscriptions socket and the subscriptions bound to it (keyed project/id). */
interface Listener {
  socket: RealtimeSocket;
  /** Subscription key → its binding. */
  bound: Map<string, Binding>;
}

export interface WsSubscriptionsOptions {
  engine: FhirEngine;
  clock: Clock;
  basePath: string;
  newToken?: () => string;
}

/**
 * Websocket subscriptions as Medplum serves them: `Subscription/{id}/$get-ws-binding-token` hands out
 * a token, a client binds it on `/ws/subscriptions-r4`, and every create, update or delete matching an
 * active websocket Subscription's criteria is sent to the bound sockets as a history Bundle holding a
 * SubscriptionStatus event-notification and the resource.
 */
export class WsSubscriptions {
  private readonly tokens = new Map<string, BindingToken>();
  private readonly listeners = new Set<Listener>();
  /** Sockets bound to each subscription, keyed project/id. */
  private readonly bySubscription = new Map<string, Set<Listener>>();
  private readonly stopListening: () => void;
  private readonly newToken: () => string;

  constructor(private readonly options: WsSubscriptionsOptions) {
    this.newToken = options.newToken ?? randomToken;
    this.stopListening = options.engine.onChange((change) => this.onChange(change));
  }

  /** Subscription/{id}/$get-ws-binding-token: a token a socket binds to the subscription with. */
  async bindingToken(request: Request, context: RequestContext, subscriptionId: string): Promise<Response> {
    if (request.method !== 'GET') throw methodNotAllowed('Use GET for $get-ws-binding-token');
    const stored = this.options.engine.readResource(context.projectId, 'Subscription', subscriptionId);
    // A subscription the caller may not read is, to them, not there.
    const subscription = stored && (await this.options.engine.visibleTo(context, context.projectId, stored));
    if (subscription?.resourceType !== 'Subscription') {
      throw badRequest('Error reading subscription: Not found');
    }
    if (subscription.channel?.type !== 'websocket') {
      throw badRequest('Subscription channel type must be websocket to bind a websocket to it');
    }
    criteriaFilters(subscription);
    const token = this.newToken();
    const expiresAt = this.options.clock.now() + TOKEN_LIFETIME_MS;
    const baseUrl = new URL(this.options.basePath, request.url).toString();
    this.tokens.set(token, {
      projectId: context.projectId,
      subscriptionId,
      expiresAt,
      baseUrl,
      reader: context,
    });
    this.pruneTokens();
    const parameters: Parameters = {
      resourceType: 'Parameters',
      parameter: [
        { name: 'token', valueString: token },
        { name: 'expiration', valueDateTime: new Date(expiresAt).toISOString() },
        { name: 'subscription', valueString: subscriptionId },
        { name: 'websocket-url', valueUrl: websocketUrl(request.url, SUBSCRIPTIONS_SOCKET_PATH) },
      ],
    };
    return fhirJson(200, parameters);
  }

  /** Takes a new socket on /ws/subscriptions-r4. */
  connect(socket: RealtimeSocket): SocketSession {
    const listener: Listener = { socket, bound: new Map() };
    this.listeners.add(listener);
    return {
      receive: (text) => this.receive(listener, text),
      closed: () => this.drop(listener),
    };
  }

  /** Sends each socket with bindings a heartbeat Bundle naming its subscriptions. */
  heartbeat(): void {
    for (const listener of this.listeners) {
      if (listener.bound.size === 0) continue;
      const entries = [...listener.bound.keys()].map((key) => statusEntry('heartbeat', idOf(key)));
      safeSend(listener.socket, historyBundle(this.options.clock, entries));
    }
  }

  get socketCount(): number {
    return this.listeners.size;
  }

  dispose(): void {
    this.stopListening();
    for (const listener of this.listeners) listener.socket.close(1012, 'Server restarting');
    this.listeners.clear();
    this.bySubscription.clear();
    this.tokens.clear();
  }

  private receive(listener: Listener, text: string): void {
    const message = parseFrame(text);
    const type = message?.type;
    if (type === 'ping') {
      safeSend(listener.socket, { type: 'pong' });
      return;
    }
    if (type !== 'bind-with-token' && type !== 'unbind-from-token') {
      this.refuse(
        listener,
        "Expected a JSON message of type 'bind-with-token', 'unbind-from-token' or 'ping'"
      );
      return;
    }
    const payload = message?.payload as { token?: unknown } | undefined;
    const token = typeof payload?.token === 'string' ? this.tokens.get(payload.token) : undefined;
    if (!token || token.expiresAt <= this.options.clock.now()) {
      this.refuse(listener, 'Token failed to validate. Check token expiry.');
      return;
    }
    const key = `${token.projectId}/${token.subscriptionId}`;
    if (type === 'unbind-from-token') {
      this.unbind(listener, key);
      return;
    }
    if (!listener.bound.has(key) && listener.bound.size >= MAX_BINDINGS_PER_SOCKET) {
      this.refuse(listener, `A socket may bind at most ${MAX_BINDINGS_PER_SOCKET} subscriptions`);
      listener.socket.close(CLOSE_POLICY, 'Too many subscriptions on one socket');
      return;
    }
    listener.bound.set(key, { baseUrl: token.baseUrl, reader: token.reader });
    let sockets = this.bySubscription.get(key);
    if (!sockets) this.bySubscription.set(key, (sockets = new Set()));
    sockets.add(listener);
    safeSend(
      listener.socket,
      historyBundle(this.options.clock, [statusEntry('handshake', token.subscriptionId)])
    );
  }

  private refuse(listener: Listener, text: string): void {
    safeSend(listener.socket, operationOutcome('error', 'invalid', text));
  }

  private unbind(listener: Listener, key: string): void {
    listener.bound.delete(key);
    const sockets = this.bySubscription.get(key);
    sockets?.delete(listener);
    if (sockets?.size === 0) this.bySubscription.delete(key);
  }

  private drop(listener: Listener): void {
    for (const key of [...listener.bound.keys()]) this.unbind(listener, key);
    this.listeners.delete(listener);
  }

  private pruneTokens(): void {
    const now = this.options.clock.now();
    for (const [token, entry] of this.tokens) if (entry.expiresAt <= now) this.tokens.delete(token);
  }

  private onChange(change: EngineChange): void {
    if (this.bySubscription.size === 0) return;
    const prefix = `${change.projectId}/`;
    const keys = [...this.bySubscription.keys()].filter((key) => key.startsWith(prefix));
    if (keys.length === 0) return;
    for (const version of change.versions) {
      if (version.resourceType === 'Subscription') continue;
      if (version.method === 'DELETE') {
        void this.previousVersion(change.projectId, version).then((before) => {
          if (before) this.notify(change.projectId, keys, before, 'delete');
        });
      } else if (version.resource) {
        this.notify(
          change.projectId,
          keys,
          version.resource,
          version.versionId === '1' ? 'create' : 'update'
        );
      }
    }
  }

  private notify(projectId: string, keys: string[], resource: Resource, interaction: Interaction): void {
    for (const key of keys) {
      const sockets = this.bySubscription.get(key);
      if (!sockets || sockets.size === 0) continue;
      const subscriptionId = idOf(key);
      const subscription = this.options.engine.readResource(projectId, 'Subscription', subscriptionId);
      if (subscription?.resourceType !== 'Subscription' || !wants(subscription, resource, interaction))
        continue;
      for (const listener of sockets) {
        const binding = listener.bound.get(key);
        if (binding) this.notifyReader(listener.socket, binding, projectId, subscriptionId, resource);
      }
    }
  }

  /** Sends the notification only if the socket's reader may read the resource, as they may read it. */
  private notifyReader(
    socket: RealtimeSocket,
    binding: Binding,
    projectId: string,
    subscriptionId: string,
    resource: Resource
  ): void {
    const send = (visible: Resource | undefined): void => {
      if (visible)
        safeSend(socket, notification(this.options.clock, binding.baseUrl, subscriptionId, visible));
    };
    const visible = this.options.engine.visibleTo(binding.reader, projectId, resource);
    if (visible instanceof Promise) void visible.then(send);
    else send(visible);
  }

  /** The resource as it was before a delete, read from its history. */
  private async previousVersion(projectId: string, version: VersionRecord): Promise<Resource | undefined> {
    const previous = Number(version.versionId) - 1;
    if (!Number.isInteger(previous) || previous < 1) return undefined;
    const url = `http://localhost${this.options.basePath}${version.resourceType}/${version.id}/_history/${previous}`;
    const context: RequestContext = { projectId, profile: {}, login: '', clientId: '' };
    const response = await this.options.engine.handle(new Request(url), context);
    return response.ok ? ((await response.json()) as Resource) : undefined;
  }
}

/** The criteria's filters; throws 400 with the search's words when they cannot be read. */
function criteriaFilters(subscription: Subscription): { resourceType: string; filters: Filter[] } {
  const [resourceType = '', query = ''] = (subscription.criteria ?? '').split('?', 2);
  if (!/^[A-Z][A-Za-z]+$/.test(resourceType)) {
    throw badRequest(
      `Subscription criteria '${subscription.criteria ?? ''}' does not start with a resource type`
    );
  }
  try {
    const parsed = parseSearchQuery(getSearchRegistry(), resourceType, new URLSearchParams(query));
    return { resourceType, filters: parsed.filters };
  } catch (error) {
    if (error instanceof SearchError) throw badRequest(`Invalid subscription criteria: ${error.message}`);
    throw error;
  }
}

/** Whether an active websocket subscription wants this write: type, interaction and criteria. */
function wants(subscription: Subscription, resource: Resource, interaction: Interaction): boolean {
  if (subscription.status !== 'active' || subscription.channel?.type !== 'websocket') return false;
  const only = subscription.extension?.find((item) => item.url === SUPPORTED_INTERACTION_URL)?.valueCode;
  if (only && only !== interaction) return false;
  let criteria: { resourceType: string; filters: Filter[] };
  try {
    criteria = criteriaFilters(subscription);
  } catch {
    return false;
  }
  if (criteria.resourceType !== resource.resourceType) return false;
  // The resource is searched alone with the engine's search code, so the criteria mean what a search means.
  const source = {
    resourcesOfType: (type: string) => (type === resource.resourceType ? [resource] : []),
    get: (type: string, id: string) =>
      type === resource.resourceType && id === resource.id ? resource : undefined,
    valuesOf: (item: Resource, param: SearchParamDef) => param.extract(item),
  };
  return findMatches(source, criteria.resourceType, criteria.filters).length > 0;
}

function statusEntry(
  type: SubscriptionStatus['type'],
  subscriptionId: string,
  focus?: Resource
): { resource: SubscriptionStatus } {
  const status: SubscriptionStatus = {
    resourceType: 'SubscriptionStatus',
    id: crypto.randomUUID(),
    status: 'active',
    type,
    subscription: { reference: `Subscription/${subscriptionId}` },
  };
  if (focus)
    status.notificationEvent = [
      { eventNumber: '0', focus: { reference: `${focus.resourceType}/${focus.id ?? ''}` } },
    ];
  return { resource: status };
}

function historyBundle(clock: Clock, entry: Bundle['entry']): Bundle {
  return {
    resourceType: 'Bundle',
    id: crypto.randomUUID(),
    type: 'history',
    timestamp: new Date(clock.now()).toISOString(),
    entry,
  };
}

function notification(clock: Clock, baseUrl: string, subscriptionId: string, resource: Resource): Bundle {
  const bundle = historyBundle(clock, [
    statusEntry('event-notification', subscriptionId, resource),
    { resource, fullUrl: `${baseUrl}${resource.resourceType}/${resource.id ?? ''}` },
  ]);
  const event = (bundle.entry?.[0]?.resource as SubscriptionStatus).notificationEvent?.[0];
  if (event) event.timestamp = bundle.timestamp;
  return bundle;
}

function idOf(key: string): string {
  return key.slice(key.indexOf('/') + 1);
}

function safeSend(socket: RealtimeSocket, message: unknown): void {
  try {
    socket.send(JSON.stringify(message));
  } catch {
    // A socket that closed while a message was on its way simply misses it.
  }
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fhirJson(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/fhir+json' } });
}
