import type { Patient } from '@medplum/fhirtypes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFakeServer } from '@mocks/node';
import { MemoryReplicaStore } from '@/db/memory-replica';
import { resourceKey } from '@/db/types';
import { ApiClient } from '../client';
import type { LocalChange } from '../engine/types';
import { MemoryStorage, type KeyValueStorage } from '../platform';
import { SyncService } from './service';
import type { SyncServiceConfig } from './types';

const { server, baseUrl } = createNodeFakeServer();
// An hour between timed runs: the test decides what the engine does.
const config: SyncServiceConfig = {
  baseUrl,
  clientId: 'carequeue-web',
  retryDelayMs: 0,
  intervalMs: 3_600_000,
};
const running: SyncService[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  for (const service of running.splice(0)) service.stop();
});
afterAll(() => server.close());

/** Token storage whose reads answer late, as a slow device's storage (or a slow server's refresh) does. */
class SlowStorage implements KeyValueStorage {
  constructor(
    private readonly inner: KeyValueStorage,
    private readonly delayMs: number
  ) {}
  async get(key: string): Promise<string | null> {
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    return this.inner.get(key);
  }
  set(key: string, value: string): Promise<void> {
    return this.inner.set(key, value);
  }
  remove(key: string): Promise<void> {
    return this.inner.remove(key);
  }
}

/** A page signed in as the doctor, a Patient it read from the server, and its sync service (not started). */
async function reloadedPage(options: { readyTimeoutMs?: number } = {}) {
  const storage = new MemoryStorage();
  const page = new ApiClient({ baseUrl, clientId: 'carequeue-web', storage, retryDelayMs: 0 });
  const answer = await page.signIn.login({ email: 'doctor@example.com', password: 'password' });
  await page.signIn.complete(answer.code ?? '');
  const bundle = await page.get<{ entry?: { resource: Patient }[] }>('fhir/R4/Patient?_count=1&_sort=_id');
  const patient = bundle.entry?.[0]?.resource;
  if (!patient?.id) throw new Error('No Patient in the seed');
  const replica = new MemoryReplicaStore();
  const service = new SyncService({ replica, storage: new SlowStorage(storage, 200) }, options);
  running.push(service);
  return { patient, replica, service };
}

const edit = (patient: Patient): LocalChange => ({
  resourceType: 'Patient',
  id: patient.id,
  kind: 'patch',
  operations: [{ op: 'add', path: '/birthDate', value: '1970-01-02' }],
  commutes: false,
  label: 'Edit Patient',
});

async function storedEdit(replica: MemoryReplicaStore, patient: Patient) {
  return replica.transaction(async (tx) => ({
    birthDate: (
      (await tx.getResource(resourceKey('Patient', patient.id ?? '')))?.resource as Patient | undefined
    )?.birthDate,
    outbox: (await tx.listOutbox()).map((entry) => entry.label),
  }));
}

describe('the sync service answers the calls a page makes while it starts', () => {
  it('a Patient kept and edited before start() was called is stored with its edit once the service has started', async () => {
    const { patient, replica, service } = await reloadedPage();
    const kept = service.keepResources([patient]);
    const applied = service.applyChange(edit(patient));
    await service.start(config);
    await kept;
    await applied;
    expect(await storedEdit(replica, patient)).toEqual({ birthDate: '1970-01-02', outbox: ['Edit Patient'] });
  });

  it('a Patient kept and edited while start() still reads the session is stored with its edit', async () => {
    const { patient, replica, service } = await reloadedPage();
    const started = service.start(config);
    await service.keepResources([patient]);
    await service.applyChange(edit(patient));
    await started;
    expect(await storedEdit(replica, patient)).toEqual({ birthDate: '1970-01-02', outbox: ['Edit Patient'] });
  });

  it('a call made to a service nobody starts fails clearly after the timeout, not at once as signed out', async () => {
    const { patient, service } = await reloadedPage({ readyTimeoutMs: 300 });
    await expect(service.keepResources([patient])).rejects.toThrow('The sync service was not started within');
  });
});
