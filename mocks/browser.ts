import { http } from 'msw';
import { setupWorker } from 'msw/browser';
import { realtimeLink } from './realtime/msw-link';
import { createFakeServer, type FakeServerState } from './server';

const STORAGE_KEY = 'carequeue.fake-server.v1';

/**
 * `npm run dev`: the fake FHIR server runs in the page, msw's service worker routes the API calls to
 * it, and its data is kept in localStorage so a reload keeps the session and the edits.
 * Reseed from the console with `localStorage.removeItem('carequeue.fake-server.v1')` and reload.
 */
export async function startBrowserFakeServer(): Promise<void> {
  const fake = createFakeServer({ state: loadState() });
  let timer: ReturnType<typeof setTimeout> | undefined;
  fake.subscribe(() => {
    clearTimeout(timer);
    timer = setTimeout(() => saveState(fake.snapshot()), 300);
  });
  const origin = window.location.origin;
  const worker = setupWorker(
    http.all(`${origin}/*`, async ({ request }) => (await fake.handle(request)) ?? undefined),
    realtimeLink(fake, origin)
  );
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
}

function loadState(): FakeServerState | undefined {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    return text ? (JSON.parse(text) as FakeServerState) : undefined;
  } catch {
    return undefined;
  }
}

function saveState(state: FakeServerState): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch (error) {
    console.warn('fake server: could not save its data in localStorage', error);
  }
}
