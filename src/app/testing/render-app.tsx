import { createMemoryHistory } from '@tanstack/react-router';
import { render, type RenderResult } from '@testing-library/react';
import { ApiClient, MemoryStorage, parseRuntimeConfig, type RuntimeConfig } from '@/sync';
import type { SyncService } from '@/sync/service';
import { App } from '@/app/App';
import type { AppServices } from '@/app/app-services';
import { inMemoryReplica } from '@/app/in-memory-replica';

export interface RenderedApp extends RenderResult {
  services: AppServices;
  /** The sync service, running in the page over an in-memory replica. */
  sync: SyncService;
  history: ReturnType<typeof createMemoryHistory>;
}

/** The whole app at `path`, talking to the server at `baseUrl` with a fresh, empty storage and replica. */
export async function renderApp(
  baseUrl: string,
  path = '/',
  config: Partial<RuntimeConfig> = {}
): Promise<RenderedApp> {
  const runtimeConfig = { ...parseRuntimeConfig({ baseUrl, clientId: 'carequeue-web' }, baseUrl), ...config };
  const storage = new MemoryStorage();
  const client = new ApiClient({
    baseUrl: runtimeConfig.baseUrl,
    fhirUrlPath: runtimeConfig.fhirUrlPath,
    clientId: runtimeConfig.clientId,
    storage,
    retryDelayMs: 0,
  });
  await client.initialize();
  const replica = inMemoryReplica(storage);
  const syncConfig = {
    baseUrl: runtimeConfig.baseUrl,
    fhirUrlPath: runtimeConfig.fhirUrlPath,
    clientId: runtimeConfig.clientId,
    retryDelayMs: 0,
  };
  const services: AppServices = {
    config: runtimeConfig,
    client,
    replica: { ...replica, syncConfig, database: 'memory' },
  };
  const history = createMemoryHistory({ initialEntries: [path] });
  const result = render(<App services={services} history={history} />);
  return { ...result, services, sync: replica.service, history };
}
