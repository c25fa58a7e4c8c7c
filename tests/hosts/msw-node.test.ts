import { createNodeFakeServer } from '../../mocks/node';
import { fakeServerContract } from './contract';

fakeServerContract('msw/node', async () => {
  const { server, baseUrl } = createNodeFakeServer();
  server.listen({ onUnhandledRequest: 'error' });
  return { baseUrl, close: async () => server.close() };
});
