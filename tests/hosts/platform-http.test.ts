import { startHttpHost } from '../../mocks/http/host';
import { platformContract } from './platform-contract';

platformContract('real HTTP', async () => {
  const host = await startHttpHost({ port: 0 });
  return { baseUrl: host.url, close: () => host.close() };
});
