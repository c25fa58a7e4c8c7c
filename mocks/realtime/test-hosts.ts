import { signInByApi, type ApiSession } from '@tests/fixtures/api-sign-in';
import { startHttpHost } from '../http/host';
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
      const host = await startHttpHost({ port: 0, heartbeatMs: 0 });
      return {
        baseUrl: host.url,
        session: await signInByApi(host.url, 'doctor@example.com'),
        close: () => host.close(),
      };
    },
  ],
];
