import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { signIn, waitForFirstSync } from './support/app';
import { cacheReport, pngSize, waitForPrecache, waitForServiceWorker } from './support/pwa';

interface ManifestImage {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
  form_factor?: string;
}

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestImage[];
  screenshots: ManifestImage[];
}

// 2.5 MB: the app shell with every lazy chunk, the vitals' trend charts (about 460 KB) included.
const PRECACHE_BUDGET_BYTES = 2.5 * 1024 * 1024;

test.describe('installable PWA', () => {
  test('the manifest is complete and every icon and screenshot has the size it claims', async ({
    page,
    request,
  }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'CareQueue',
      short_name: 'CareQueue',
      scope: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    });
    expect(manifest.description.length).toBeGreaterThan(10);
    expect(['/', '/Task']).toContain(manifest.start_url);
    expect(manifest.id).toBeTruthy();

    const pngs = [...manifest.icons, ...manifest.screenshots].filter((image) => image.type === 'image/png');
    const icon = (size: string, purpose: string) =>
      manifest.icons.find(
        (image) => image.sizes === size && (image.purpose ?? 'any').split(' ').includes(purpose)
      );
    expect(icon('192x192', 'any')).toBeTruthy();
    expect(icon('512x512', 'any')).toBeTruthy();
    expect(icon('512x512', 'maskable')).toBeTruthy();
    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);

    // The apple-touch-icon named by index.html.
    await page.goto('/signin');
    const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(apple).toBeTruthy();
    pngs.push({ src: apple ?? '', sizes: '180x180', type: 'image/png' });

    for (const image of pngs) {
      const file = await request.get(image.src);
      expect(file.ok(), image.src).toBe(true);
      expect(file.headers()['content-type']).toBe('image/png');
      const { width, height } = pngSize(await file.body());
      expect(`${width}x${height}`, image.src).toBe(image.sizes);
    }
    const wide = manifest.screenshots.find((shot) => shot.form_factor === 'wide');
    const [w, h] = (wide?.sizes ?? '0x0').split('x').map(Number) as [number, number];
    expect(w).toBeGreaterThan(h);
  });

  test('the worker controls the page after the first load and Chromium finds the app installable', async ({
    baseURL,
  }) => {
    // Playwright's usual contexts are incognito, where Chromium never offers to install: use a profile.
    const profile = await mkdtemp(join(tmpdir(), 'carequeue-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
      headless: true,
      baseURL,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await checkInstallable(page);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  test('the precache holds the app shell within budget, never an API answer, and not the dev worker', async ({
    page,
    request,
  }) => {
    await signIn(page, 'doctor@example.com');
    await waitForFirstSync(page);
    await waitForServiceWorker(page);
    const report = await waitForPrecache(page);
    const shell = report.caches['carequeue-shell'] ?? [];
    const paths = shell.map((url) => new URL(url).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/config.json']));
    expect(paths.some((path) => /^\/assets\/index-.*\.js$/.test(path))).toBe(true);
    expect(paths.some((path) => /^\/assets\/sync\.worker-.*\.js$/.test(path))).toBe(true);
    expect(paths.filter((path) => path.endsWith('.map'))).toEqual([]);
    expect(paths).not.toContain('/mockServiceWorker.js');
    test.info().annotations.push({ type: 'precache', description: `${report.precacheBytes} bytes` });
    expect(report.precacheBytes).toBeLessThanOrEqual(PRECACHE_BUDGET_BYTES);

    // Signing in and the first sync went through the worker: none of it was cached.
    const everything = Object.values((await cacheReport(page)).caches).flat();
    expect(everything.filter((url) => /\/(fhir|auth|oauth2|\$fake)\//.test(new URL(url).pathname))).toEqual(
      []
    );

    // msw's worker is for `npm run dev` only: the build does not ship it.
    expect((await request.get('/mockServiceWorker.js')).status()).toBe(404);
    const registrations = await page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map((registration) => registration.active?.scriptURL)
    );
    expect(registrations).toEqual([expect.stringMatching(/\/sw\.js$/)]);
  });

  test('offline, an API address is not answered with the app shell', async ({ page, context }) => {
    await page.goto('/signin');
    await waitForServiceWorker(page);
    await waitForPrecache(page);
    await context.setOffline(true);
    const shell = await page.evaluate(async () => (await fetch('/Task/123')).status).catch(() => 'failed');
    // A fetch() is not a navigation: the worker leaves it to the (offline) network.
    expect(shell).toBe('failed');
    const api = await page.goto('/fhir/R4/metadata').catch((error: Error) => error.message);
    expect(String(api)).toMatch(/ERR_INTERNET_DISCONNECTED|net::/);
    await context.setOffline(false);
  });
});

/** The worker controls the page (after a reload at the latest) and Chromium reports no install blockers. */
async function checkInstallable(page: Page): Promise<void> {
  await page.goto('/signin');
  await waitForServiceWorker(page);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: unknown[];
  };
  expect(installability.installabilityErrors).toEqual([]);
}
