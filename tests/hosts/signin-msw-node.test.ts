import { createNodeFakeServer } from '../../mocks/node';
import { signInContract } from './signin-contract';

signInContract('msw/node', async () => {
  const { server, baseUrl } = createNodeFakeServer();
  server.listen({ onUnhandledRequest: 'error' });
  return { baseUrl, close: async () => server.close() };
});
