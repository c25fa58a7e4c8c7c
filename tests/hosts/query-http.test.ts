import { startHttpHost } from '../../mocks/http/host';
import { queryContract } from './query-contract';

queryContract('real HTTP', async () => {
  const host = await startHttpHost({ port: 0 });
  return { baseUrl: host.url, close: () => host.close() };
});
