import { describe, expect, it } from 'vitest';
import type { FirstPagePreview } from '@/sync/engine/types';
import { SIGNED_OUT_STATUS, type ServiceStatus, type SyncServiceApi } from '@/sync/service/types';
import { ServiceStatusStore } from './status-store';

/** A service whose statuses the test sends. */
function scriptedService(): { service: SyncServiceApi; send: (status: Partial<ServiceStatus>) => void } {
  let listener: ((status: ServiceStatus) => void) | undefined;
  const service = {
    status: async () => SIGNED_OUT_STATUS,
    subscribe: async (next: (status: ServiceStatus) => void) => {
      listener = next;
      return 1;
    },
    unsubscribe: async () => undefined,
  } as unknown as SyncServiceApi;
  return { service, send: (status) => listener?.({ ...SIGNED_OUT_STATUS, signedIn: true, ...status }) };
}

const page = (query: string): FirstPagePreview => ({ profile: 'Practitioner/1', query, tasks: [] });

async function connected() {
  const { service, send } = scriptedService();
  const store = new ServiceStatusStore(service);
  store.connect();
  await Promise.resolve();
  await Promise.resolve();
  return { store, send };
}

describe('first pages the page read itself', () => {
  it('are offered as the status’s own while the service offers none, and kept across its statuses', async () => {
    const { store, send } = await connected();
    const mine = [page('a')];
    store.offerFirstPages(mine);
    expect(store.getSnapshot().firstPages).toBe(mine);
    send({ syncing: true });
    expect(store.getSnapshot().firstPages).toBe(mine);
    expect(store.getSnapshot().syncing).toBe(true);
  });

  it('give way to the service’s own pages, and end once its load has stored rows', async () => {
    const { store, send } = await connected();
    store.offerFirstPages([page('a')]);
    const theirs = [page('b')];
    send({ syncing: true, firstPages: theirs });
    expect(store.getSnapshot().firstPages).toBe(theirs);
    send({ syncing: true, loading: { rows: 20, percent: 5 } });
    expect(store.getSnapshot().firstPages).toBeUndefined();
    send({ syncing: true });
    expect(store.getSnapshot().firstPages).toBeUndefined();
  });

  it('are not offered to a device whose replica has synced, and are withdrawn on sign-out', async () => {
    const { store, send } = await connected();
    send({ lastSyncedAt: '2024-01-01T00:00:00Z' });
    store.offerFirstPages([page('a')]);
    expect(store.getSnapshot().firstPages).toBeUndefined();

    const other = await connected();
    other.store.offerFirstPages([page('a')]);
    other.store.offerFirstPages(undefined);
    expect(other.store.getSnapshot().firstPages).toBeUndefined();
  });

  it('tell the listeners when offered', async () => {
    const { store } = await connected();
    let heard = 0;
    store.subscribe(() => heard++);
    store.offerFirstPages([page('a')]);
    expect(heard).toBe(1);
  });
});

describe('a service that never answered', () => {
  const refusing = (message: string): SyncServiceApi =>
    ({
      status: () => Promise.reject(new Error(message)),
      subscribe: () => Promise.reject(new Error(message)),
      unsubscribe: async () => undefined,
    }) as unknown as SyncServiceApi;

  it('leaves the status saying it stopped, in the words its calls fail with', async () => {
    const store = new ServiceStatusStore(refusing('The sync engine did not start.'));
    let heard = 0;
    store.subscribe(() => heard++);
    store.connect();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getSnapshot().stopped).toBe('The sync engine did not start.');
    expect(heard).toBe(1);
  });

  it('says nothing once the page stopped following it', async () => {
    const store = new ServiceStatusStore(refusing('The sync engine did not start.'));
    store.connect()();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getSnapshot().stopped).toBeUndefined();
  });
});
