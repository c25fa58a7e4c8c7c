import { createNodeFakeServer } from '../../mocks/node';
import { queryContract } from './query-contract';

queryContract('msw/node', async () => {
  const { server, baseUrl } = createNodeFakeServer();
  server.listen({ onUnhandledRequest: 'error' });
  return { baseUrl, close: async () => server.close() };
});
