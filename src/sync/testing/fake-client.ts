import { ApiClient } from '../client';
import type { KeyValueStorage } from '../platform';
import type { FakeNetwork } from './fake-network';
import { ManualClock } from '@/fhir/testing/manual-clock';

/** The app's API client over a scripted network, storage and clock: one per simulated device or reload. */
export function fakeNetworkClient(parts: {
  network: FakeNetwork;
  storage: KeyValueStorage;
  clock: ManualClock;
}): ApiClient {
  return new ApiClient({
    baseUrl: parts.network.baseUrl,
    clientId: 'carequeue-web',
    fetch: parts.network.fetch,
    storage: parts.storage,
    clock: parts.clock,
  });
}
