import { startHttpHost } from '../../mocks/http/host';
import { signInContract } from './signin-contract';

signInContract('real HTTP', async () => {
  const host = await startHttpHost({ port: 0 });
  return { baseUrl: host.url, close: () => host.close() };
});
