import { createNodeFakeServer } from '../../mocks/node';
import { accessContract } from './access-contract';
import { fakeServerContract } from './contract';

const connect = async () => {
  const { server, baseUrl } = createNodeFakeServer();
  server.listen({ onUnhandledRequest: 'error' });
  return { baseUrl, close: async () => server.close() };
};

fakeServerContract('msw/node', connect);
accessContract('msw/node', connect);
