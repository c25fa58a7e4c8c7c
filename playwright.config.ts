import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);
const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Browser tests drive Debian's Chromium against the `npm start` host (built app + fake server on one
 * origin) with fresh seed data. Run `npm run build` first; .ci/run does.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/e2e.json' }]] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    headless: true,
    viewport: { width: 1024, height: 768 },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumFlags },
    trace: 'off',
  },
  webServer: {
    command: `npx tsx mocks/http/main.ts --port ${port} --reset --data .data/e2e.json`,
    url: `http://localhost:${port}/config.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
