import { startHttpHost } from '../../mocks/http/host';
import { fakeServerContract } from './contract';

fakeServerContract('real HTTP', async () => {
  const host = await startHttpHost({ port: 0 });
  return { baseUrl: host.url, close: () => host.close() };
});
