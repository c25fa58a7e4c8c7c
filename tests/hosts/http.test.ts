import { startHttpHost } from '../../mocks/http/host';
import { accessContract } from './access-contract';
import { fakeServerContract } from './contract';

const connect = async () => {
  const host = await startHttpHost({ port: 0 });
  return { baseUrl: host.url, close: () => host.close() };
};

fakeServerContract('real HTTP', connect);
accessContract('real HTTP', connect);
