import { createNodeFakeServer } from '../../mocks/node';
import { platformContract } from './platform-contract';

platformContract('msw/node', async () => {
  const { server, baseUrl } = createNodeFakeServer();
  server.listen({ onUnhandledRequest: 'error' });
  return { baseUrl, close: async () => server.close() };
});
