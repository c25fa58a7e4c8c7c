import WebSocket from 'ws';

/** A websocket client for tests: every text frame parsed, and a way to wait for the next that fits. */
export interface TestSocket {
  socket: WebSocket;
  messages: unknown[];
  send(message: unknown): void;
  /** Resolves with the first message (already received or coming) that satisfies the test. */
  next<T = Record<string, unknown>>(test: (message: T) => boolean, what?: string): Promise<T>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close(): void;
}

export async function openTestSocket(url: string): Promise<TestSocket> {
  const socket = new WebSocket(url);
  const messages: unknown[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as unknown);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    messages,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next<T>(test: (message: T) => boolean, what = 'a message') {
      return new Promise<T>((resolve, reject) => {
        let seen = 0;
        const look = (): void => {
          for (; seen < messages.length; seen++) {
            const message = messages[seen] as T;
            if (test(message)) {
              waiters.delete(look);
              resolve(message);
              return;
            }
          }
        };
        waiters.add(look);
        look();
        void closed.then(() => {
          if (waiters.delete(look)) reject(new Error(`The socket closed before ${what} arrived`));
        });
      });
    },
    closed,
    close: () => socket.close(),
  };
}

/** The type of the first SubscriptionStatus in a notification Bundle ('handshake', 'heartbeat', ...). */
export function statusType(message: unknown): string | undefined {
  const entry = (message as { entry?: { resource?: { resourceType?: string; type?: string } }[] }).entry?.[0];
  return entry?.resource?.resourceType === 'SubscriptionStatus' ? entry.resource.type : undefined;
}
