import { http } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { createFakeServer, type FakeServer, type FakeServerOptions } from './server';

export const NODE_BASE_URL = 'http://localhost:3000/';

export interface NodeFakeServer {
  /** The msw server; call listen({ onUnhandledRequest: 'error' }) in beforeAll and close() in afterAll. */
  server: SetupServer;
  baseUrl: string;
  fake: FakeServer;
}

/** The fake FHIR server inside Vitest: msw intercepts fetch to NODE_BASE_URL and the engine answers. */
export function createNodeFakeServer(
  options: FakeServerOptions = {},
  baseUrl = NODE_BASE_URL
): NodeFakeServer {
  const fake = createFakeServer(options);
  const server = setupServer(
    http.all(`${baseUrl}*`, async ({ request }) => {
      return (await fake.handle(request)) ?? undefined;
    })
  );
  return { server, baseUrl, fake };
}
