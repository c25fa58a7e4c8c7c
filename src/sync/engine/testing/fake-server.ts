import { afterAll, beforeAll } from 'vitest';
import { createNodeFakeServer } from '@mocks/node';

/** The fake server for one test file, listening (msw) while its tests run; answers its base URL. */
export function listeningFakeServer(): string {
  const { server, baseUrl } = createNodeFakeServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  return baseUrl;
}
