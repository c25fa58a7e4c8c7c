import { expect, type Page } from '@playwright/test';

/** Width and height of a PNG, from its IHDR chunk (bytes 16–23), after checking the signature. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(0, 8).equals(signature), 'PNG signature').toBe(true);
  expect(bytes.subarray(12, 16).toString('latin1'), 'first chunk').toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the service worker is active and controls the page (clients.claim on first install). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), {
      message: 'a service worker controls the page',
    })
    .toBe(true);
}

export interface CacheReport {
  /** Every cached URL, by cache name. */
  caches: Record<string, string[]>;
  /** Bytes of the responses in the precache. */
  precacheBytes: number;
}

/** What the origin's Cache Storage holds, read in the page. */
export function cacheReport(page: Page): Promise<CacheReport> {
  return page.evaluate(async () => {
    const report: { caches: Record<string, string[]>; precacheBytes: number } = {
      caches: {},
      precacheBytes: 0,
    };
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const requests = await cache.keys();
      report.caches[name] = requests.map((request) => request.url);
      if (name !== 'carequeue-shell') continue;
      for (const request of requests) {
        const response = await cache.match(request);
        report.precacheBytes += response ? (await response.blob()).size : 0;
      }
    }
    return report;
  });
}

/** Waits until the precache holds this build's index.html (the worker finished installing). */
export async function waitForPrecache(page: Page): Promise<CacheReport> {
  await expect
    .poll(
      async () =>
        (await cacheReport(page)).caches['carequeue-shell']?.some((url) => url.includes('index.html')),
      {
        message: 'the app shell is precached',
      }
    )
    .toBe(true);
  return cacheReport(page);
}

/** The outbox's labels, read from IndexedDB in the page. */
export function outboxLabels(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('carequeue');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('outbox').objectStore('outbox').getAll();
          request.onsuccess = () => {
            db.close();
            resolve((request.result as { label: string }[]).map((entry) => entry.label));
          };
        };
      })
  );
}

/** The IndexedDB version of the replica database (Dexie stores its version × 10). */
export function replicaDatabaseVersion(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const found = (await indexedDB.databases()).find((db) => db.name === 'carequeue');
    return found?.version ?? 0;
  });
}
