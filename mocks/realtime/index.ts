import type { FhirEngine } from '../engine';
import { FhirError } from '../engine/outcome';
import type { Clock, RequestContext } from '../engine/types';
import { FHIRCAST_PATH, FhircastHub } from './fhircast-hub';
import { DEFAULT_HEARTBEAT_MS, MAX_SOCKETS, type RealtimeSocket, type SocketSession } from './sockets';
import { SUBSCRIPTIONS_SOCKET_PATH, WsSubscriptions } from './ws-subscriptions';

export type { RealtimeSocket, SocketSession } from './sockets';
export { MAX_MESSAGE_BYTES, MAX_SOCKETS } from './sockets';

export interface RealtimeOptions {
  engine: FhirEngine;
  clock: Clock;
  basePath: string;
  authenticate(request: Request): Promise<RequestContext>;
  /** How often bound sockets get a heartbeat; 0 sends none. */
  heartbeatMs?: number;
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
  /** Answers $get-ws-binding-token below the FHIR base; undefined for every other FHIR request. */
  handleFhir(request: Request, context: RequestContext): Promise<Response> | undefined;
  /** Answers /fhircast/STU3 requests; undefined for other paths. */
  handleHub(request: Request): Promise<Response | undefined>;
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
    handleFhir: (request, context) => subscriptions.bindingToken(request, context),
    async handleHub(request) {
      const path = new URL(request.url).pathname;
      if (path !== FHIRCAST_PATH && !path.startsWith(`${FHIRCAST_PATH}/`)) return undefined;
      try {
        return await hub.handle(request, await options.authenticate(request));
      } catch (error) {
        if (!(error instanceof FhirError)) throw error;
        return new Response(JSON.stringify(error.toOutcome()), {
          status: error.status,
          headers: { 'Content-Type': 'application/fhir+json' },
        });
      }
    },
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
