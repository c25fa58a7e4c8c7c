/**
 * Takes the install dialog's screenshots of the built app (run `npm run build` first):
 *   npx tsx scripts/screenshots.ts
 * Serves dist with fresh seed data on a free port, signs in as the doctor and captures My Tasks wide
 * (1280 × 800) and narrow (800 × 1280) into public/screenshots/ (committed; not precached).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startHttpHost } from '../mocks/http/host';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium';

const SHOTS = [
  { name: 'my-tasks-wide.png', width: 1280, height: 800 },
  { name: 'my-tasks-narrow.png', width: 800, height: 1280 },
];

async function capture(browser: Browser, url: string, shot: (typeof SHOTS)[number], file: string) {
  const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height } });
  const page = await context.newPage();
  await page.goto(new URL('/signin', url).href);
  await page.getByLabel('Email').fill('doctor@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Password' }).fill('password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/Task/);
  await page.getByRole('table').first().waitFor({ timeout: 30_000 });
  await page.getByText('Online').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: file });
  await context.close();
}

async function main(): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  const outDir = join(root, 'public/screenshots');
  await mkdir(outDir, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'carequeue-shots-'));
  const host = await startHttpHost({
    port: 0,
    reset: true,
    dataFile: join(dataDir, 'data.json'),
    staticDir: join(root, 'dist'),
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    for (const shot of SHOTS) {
      await capture(browser, host.url, shot, join(outDir, shot.name));
      console.log(`public/screenshots/${shot.name}  ${shot.width}×${shot.height}`);
    }
  } finally {
    await browser.close();
    await host.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
