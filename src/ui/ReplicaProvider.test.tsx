import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '@mocks/server';
import { MemoryReplicaStore } from '@/db/memory-replica';
import { ApiClient } from '@/sync/client';
import { SIGNED_OUT_STATUS, type SyncServiceApi } from '@/sync/service/types';
import { signIn } from '@/sync/engine/testing/harness';
import { useServiceStatus } from './hooks/use-sync-status';
import { ReplicaProvider } from './ReplicaProvider';
import { storeReader } from './replica/memory-reader';

/** A sync service that starts and never reports: what the page shows comes from the page alone. */
const silentService = {
  start: async () => SIGNED_OUT_STATUS,
  status: async () => SIGNED_OUT_STATUS,
  subscribe: async () => 1,
  unsubscribe: async () => undefined,
  syncNow: async () => SIGNED_OUT_STATUS,
} as unknown as SyncServiceApi;

function OfferedPages() {
  const count = useServiceStatus((status) => status.firstPages?.length ?? 0);
  return <p>{`${count} pages offered`}</p>;
}

function setUp() {
  const fake = createFakeServer();
  const reads: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url.includes('/fhir/')) reads.push(`${request.method} ${new URL(request.url).pathname}`);
    return (await fake.handle(request)) ?? new Response('Not found', { status: 404 });
  }) as typeof fetch;
  const client = new ApiClient({
    baseUrl: 'http://provider.test/',
    clientId: 'carequeue-web',
    fetch: fetchImpl,
  });
  const page = (
    <ReplicaProvider
      reader={storeReader(new MemoryReplicaStore())}
      service={silentService}
      client={client}
      config={{ baseUrl: 'http://provider.test/', clientId: 'carequeue-web' }}
      changes={() => () => undefined}
    >
      <OfferedPages />
    </ReplicaProvider>
  );
  return { client, reads, page };
}

describe('a sign-in in the page', () => {
  it("reads the opening screens' first pages itself, before the sync service offers any", async () => {
    const { client, reads, page } = setUp();
    render(page);
    expect(screen.getByText('0 pages offered')).toBeTruthy();
    await signIn(client, 'doctor@example.com');
    await waitFor(() => expect(screen.getByText('2 pages offered')).toBeTruthy());
    expect(reads).toEqual(['POST /fhir/R4/']);
  });

  it('reads nothing when the session was already there (a reload: the replica answers)', async () => {
    const { client, reads, page } = setUp();
    await signIn(client, 'doctor@example.com');
    render(page);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('0 pages offered')).toBeTruthy();
    expect(reads).toEqual([]);
  });
});
