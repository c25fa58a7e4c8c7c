/** One open websocket as the hosts hand it to the fake server: text frames out, and a way to close. */
export interface RealtimeSocket {
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

/** What the fake server does with one socket's traffic; the host calls it for each frame and at close. */
export interface SocketSession {
  receive(text: string): void;
  closed(): void;
}

/** At most this many websockets are open at once; a host refuses more with 503. */
export const MAX_SOCKETS = 256;
/** A client frame larger than this closes the socket (1009, message too big). */
export const MAX_MESSAGE_BYTES = 16 * 1024;
/** One socket may bind at most this many subscriptions. */
export const MAX_BINDINGS_PER_SOCKET = 100;
/** How often bound sockets get a heartbeat. */
export const DEFAULT_HEARTBEAT_MS = 10_000;

export const CLOSE_TOO_BIG = 1009;
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_POLICY = 1008;

/** The websocket URL beside an HTTP request's origin: http → ws, https → wss. */
export function websocketUrl(requestUrl: string, path: string): string {
  const url = new URL(path, requestUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** Parses a client frame as a JSON object; undefined when it is not one. */
export function parseFrame(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}
