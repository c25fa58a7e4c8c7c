import { afterAll, beforeAll } from 'vitest';
import { signInByApi, type ApiSession } from '@tests/fixtures/api-sign-in';
import { startHttpHost, type HttpHost } from '../http/host';
import { createNodeFakeServer } from '../node';

/** A fake server on one host, the doctor signed in, without heartbeats (tests wait for what they send). */
export interface Host {
  baseUrl: string;
  session: ApiSession;
  close(): Promise<void> | void;
}

/** Both hosts of the realtime service: msw/node and the real HTTP server. */
export const realtimeHosts: [string, () => Promise<Host>][] = [
  [
    'msw/node',
    async () => {
      const { server, baseUrl } = createNodeFakeServer({ heartbeatMs: 0 });
      server.listen({ onUnhandledRequest: 'error' });
      return {
        baseUrl,
        session: await signInByApi(baseUrl, 'doctor@example.com'),
        close: () => server.close(),
      };
    },
  ],
  [
    'real HTTP',
    async () => {
      const { host, session } = await startHttpHostAsDoctor();
      return { baseUrl: host.url, session, close: () => host.close() };
    },
  ],
];

/** The HTTP host without heartbeats, and the doctor signed in to it. */
async function startHttpHostAsDoctor(): Promise<{ host: HttpHost; session: ApiSession }> {
  const host = await startHttpHost({ port: 0, heartbeatMs: 0 });
  return { host, session: await signInByApi(host.url, 'doctor@example.com') };
}

/**
 * For the describe block it is called in: starts the HTTP host (the doctor signed in) before its
 * tests and closes it after them. The host and the session are read from the answer once started.
 */
export function withHttpHost(): { readonly host: HttpHost; readonly session: ApiSession } {
  let started: { host: HttpHost; session: ApiSession } | undefined;
  beforeAll(async () => {
    started = await startHttpHostAsDoctor();
  });
  afterAll(() => started?.host.close());
  const current = (): { host: HttpHost; session: ApiSession } => {
    if (!started) throw new Error('The HTTP host is started before the tests');
    return started;
  };
  return {
    get host() {
      return current().host;
    },
    get session() {
      return current().session;
    },
  };
}
