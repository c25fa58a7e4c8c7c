import { createMemoryHistory } from '@tanstack/react-router';
import { render, type RenderResult } from '@testing-library/react';
import { ApiClient, MemoryStorage, parseRuntimeConfig, type RuntimeConfig } from '../../sync';
import { App } from '../App';
import type { AppServices } from '../services';

export interface RenderedApp extends RenderResult {
  services: AppServices;
  history: ReturnType<typeof createMemoryHistory>;
}

/** The whole app at `path`, talking to the server at `baseUrl` with a fresh, empty storage. */
export async function renderApp(
  baseUrl: string,
  path = '/',
  config: Partial<RuntimeConfig> = {}
): Promise<RenderedApp> {
  const runtimeConfig = { ...parseRuntimeConfig({ baseUrl, clientId: 'carequeue-web' }, baseUrl), ...config };
  const client = new ApiClient({
    baseUrl: runtimeConfig.baseUrl,
    fhirUrlPath: runtimeConfig.fhirUrlPath,
    clientId: runtimeConfig.clientId,
    storage: new MemoryStorage(),
    retryDelayMs: 0,
  });
  await client.initialize();
  const services = { config: runtimeConfig, client };
  const history = createMemoryHistory({ initialEntries: [path] });
  const result = render(<App services={services} history={history} />);
  return { ...result, services, history };
}
