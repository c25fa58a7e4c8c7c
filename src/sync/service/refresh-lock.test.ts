import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFakeServer } from '@mocks/node';
import { ApiClient } from '../client';
import { MemoryStorage, type KeyValueStorage } from '../platform';

const { server, baseUrl } = createNodeFakeServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** One lock shared by the "contexts" of a test, as Web Locks are shared by the tabs and the worker. */
function mutex(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>) => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

function context(
  storage: KeyValueStorage,
  refreshLock?: <T>(work: () => Promise<T>) => Promise<T>
): ApiClient {
  return new ApiClient({ baseUrl, clientId: 'carequeue-web', storage, retryDelayMs: 0, refreshLock });
}

/** The page signs in; the worker restores the same session from the shared storage. */
async function pageAndWorker(lock?: <T>(work: () => Promise<T>) => Promise<T>) {
  const storage = new MemoryStorage();
  const page = context(storage, lock);
  const answer = await page.signIn.login({ email: 'doctor@example.com', password: 'password' });
  await page.signIn.complete(answer.code ?? '');
  const worker = context(storage, lock);
  await worker.session.restore();
  let endedInWorker = false;
  let endedInPage = false;
  worker.onUnauthenticated(() => (endedInWorker = true));
  page.onUnauthenticated(() => (endedInPage = true));
  return { storage, page, worker, ended: () => endedInPage || endedInWorker };
}

describe('token refresh shared by the page and the worker', () => {
  it('without a shared lock the worker later spends the refresh token the page already used: the session ends', async () => {
    const { page, worker, ended } = await pageAndWorker();
    await page.session.refresh();
    await expect(worker.session.refresh()).rejects.toThrow('Unauthenticated');
    expect(ended()).toBe(true);
  });

  it('under the lock the worker takes the tokens the page stored instead of refreshing again', async () => {
    const { storage, page, worker, ended } = await pageAndWorker(mutex());
    await page.session.refresh();
    await worker.session.refresh();
    expect(ended()).toBe(false);
    const stored = JSON.parse((await storage.get('activeLogin')) ?? '{}') as { refreshToken?: string };
    expect(worker.session.getState()).toMatchObject({ login: { refreshToken: stored.refreshToken } });
    await expect(worker.get('auth/me')).resolves.toMatchObject({ profile: { resourceType: 'Practitioner' } });
  });

  it('concurrent refreshes under the lock: one goes to the server, the other takes its tokens', async () => {
    const { storage, page, worker, ended } = await pageAndWorker(mutex());
    await Promise.all([page.session.refresh(), worker.session.refresh()]);
    expect(ended()).toBe(false);
    const stored = JSON.parse((await storage.get('activeLogin')) ?? '{}') as { refreshToken?: string };
    expect(page.session.getState()).toMatchObject({ login: { refreshToken: stored.refreshToken } });
    expect(worker.session.getState()).toMatchObject({ login: { refreshToken: stored.refreshToken } });
    await expect(worker.get('auth/me')).resolves.toMatchObject({ profile: { resourceType: 'Practitioner' } });
    await expect(page.get('auth/me')).resolves.toMatchObject({ profile: { resourceType: 'Practitioner' } });

    // A later refresh by either one still holds the current refresh token.
    await worker.session.refresh();
    await page.session.refresh();
    expect(ended()).toBe(false);
  });

  it('a refresh in the worker after the page signed out ends the session of the worker instead of saving new tokens', async () => {
    const { storage, page, worker } = await pageAndWorker(mutex());
    await page.session.clear();
    await expect(worker.session.refresh()).rejects.toThrow('Unauthenticated');
    expect(await storage.get('activeLogin')).toBeNull();
    expect(worker.session.getState().status).toBe('none');
  });
});
