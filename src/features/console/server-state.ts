import type { ServerState } from '@/ui';

/** What a page shows while its server read has no answer: loading, offline, or the server's words. */
export type NotReady = { status: 'loading' } | { status: 'offline' } | { status: 'error'; message: string };

/** The server read's state when it has no answer yet, or undefined with the answer it has. */
export function notReady<T>(state: ServerState<T>): NotReady | undefined {
  switch (state.status) {
    case 'idle':
    case 'loading':
      return { status: 'loading' };
    case 'offline':
      return { status: 'offline' };
    case 'error':
      return { status: 'error', message: state.message };
    case 'ready':
      return undefined;
  }
}
