import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/chromium';

const port = Number(process.env.E2E_PORT ?? 4310);

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
  // One retry in CI, so a timing fluke on a loaded 2-core machine does not hide the real result;
  // a test that needed it is reported as flaky in the summary line.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/e2e.json' }]] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    headless: true,
    viewport: { width: 1024, height: 768 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
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
