import type { FhirEngine } from '@mocks/engine';
import { FhirError } from '@mocks/engine/outcome';
import type { Clock, RequestContext } from '@mocks/engine/types';
import type { OperationRegistry } from '@mocks/engine/operation-registry';
import { FhircastHub } from './fhircast-hub';
import { DEFAULT_HEARTBEAT_MS, MAX_SOCKETS, type RealtimeSocket, type SocketSession } from './sockets';
import { SUBSCRIPTIONS_SOCKET_PATH, WsSubscriptions } from './ws-subscriptions';

export type { RealtimeSocket, SocketSession } from './sockets';
export { MAX_MESSAGE_BYTES, MAX_SOCKETS } from './sockets';

export interface RealtimeOptions {
  engine: FhirEngine;
  clock: Clock;
  basePath: string;
  /** How often bound sockets get a heartbeat; 0 sends none. */
  heartbeatMs?: number;
}

/** Subscription/{id}/$get-ws-binding-token, answered by the current realtime service. */
export function registerRealtimeOperations(
  registry: OperationRegistry,
  realtime: () => RealtimeService
): OperationRegistry {
  return registry.register('instance', 'Subscription', '$get-ws-binding-token', {
    kind: 'server',
    run: ({ request, context, target }) => realtime().bindingToken(request, context, target.id as string),
  });
}

/** A socket the server will take: call attach once the host has completed the websocket handshake. */
export interface SocketOpening {
  attach(socket: RealtimeSocket): SocketSession;
}

/**
 * The fake server's realtime side: websocket subscriptions (Subscription/{id}/$get-ws-binding-token
 * and /ws/subscriptions-r4) and the FHIRcast hub (/fhircast/STU3 and /ws/fhircast/{endpoint}).
 */
export interface RealtimeService {
  /** Subscription/{id}/$get-ws-binding-token: a token to bind a websocket to the subscription with. */
  bindingToken(request: Request, context: RequestContext, subscriptionId: string): Promise<Response>;
  /** Answers a signed-in caller's request at or below /fhircast/STU3. */
  hub(request: Request, context: RequestContext): Promise<Response>;
  /** Whether a websocket may open at this URL: an opening, or a FhirError (404 unknown path, 503 too many). */
  open(url: string): SocketOpening | FhirError;
  readonly socketCount: number;
  dispose(): void;
}

export function createRealtimeService(options: RealtimeOptions): RealtimeService {
  const subscriptions = new WsSubscriptions(options);
  const hub = new FhircastHub(options.clock);
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const timer =
    heartbeatMs > 0
      ? setInterval(() => {
          subscriptions.heartbeat();
          hub.heartbeat(Math.ceil(heartbeatMs / 1000));
        }, heartbeatMs)
      : undefined;
  (timer as { unref?: () => void } | undefined)?.unref?.();
  const count = (): number => subscriptions.socketCount + hub.socketCount;

  return {
    bindingToken: (request, context, id) => subscriptions.bindingToken(request, context, id),
    hub: (request, context) => hub.handle(request, context),
    open(url) {
      const path = new URL(url).pathname;
      const known = path === SUBSCRIPTIONS_SOCKET_PATH || hub.knows(path);
      if (!known) return new FhirError(404, `No websocket at ${path}`, 'not-found');
      if (count() >= MAX_SOCKETS) {
        return new FhirError(503, `Too many websockets are open (at most ${MAX_SOCKETS})`, 'too-costly');
      }
      return {
        attach: (socket) =>
          path === SUBSCRIPTIONS_SOCKET_PATH ? subscriptions.connect(socket) : hub.connect(path, socket),
      };
    },
    get socketCount() {
      return count();
    },
    dispose() {
      clearInterval(timer);
      subscriptions.dispose();
      hub.dispose();
    },
  };
}
