import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/chromium.ts';
import { SOURCE_ALIASES } from './scripts/aliases.ts';
import { appVersion, pwaPlugins } from './scripts/pwa-options.ts';

/**
 * The app's own modules do nothing when imported but define what they export, so a module whose
 * exports nobody uses is left out, and an index that re-exports a folder pulls in only what its
 * importer names: the first route's chunks then hold only what that route runs. Stylesheets, the
 * page's entry and the workers' scripts act when imported and keep the bundler's default.
 */
const SOURCE_SIDE_EFFECTS = [
  { test: /\.css$/, sideEffects: true },
  { test: /\/src\/(main\.tsx|workers\/)/, sideEffects: true },
  { test: /\/src\/.*\.tsx?$/, external: false, sideEffects: false },
];

/** Real IndexedDB and workers: the 'browser' test project runs in Debian's Chromium. */
const chromium = playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS } });

export default defineConfig({
  plugins: [react(), ...pwaPlugins()],
  resolve: { alias: SOURCE_ALIASES },
  // The version the user menu shows (VITE_APP_VERSION overrides package.json's; tests build a v2).
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion()) },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: { treeshake: { moduleSideEffects: SOURCE_SIDE_EFFECTS } },
  },
  // The bot sandbox's engine is reached only from a Worker in dev mode, where the dependency scan
  // does not look: named here, it is prepared at start-up rather than with a page reload at the
  // first bot run.
  optimizeDeps: { include: ['quickjs-emscripten-core', '@jitl/quickjs-wasmfile-release-sync'] },
  test: {
    // Screens show times in the user's zone; tests read them in one zone, the same on every machine.
    env: { TZ: 'UTC' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['mocks/**/*.test.ts', 'src/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**', '**/*.browser.test.ts'],
          testTimeout: 20000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['tests/setup-dom.ts'],
          testTimeout: 20000,
        },
      },
      {
        // Real IndexedDB (and later workers) in headless Chromium.
        extends: true,
        test: {
          name: 'browser',
          include: ['src/**/*.browser.test.ts', 'mocks/**/*.browser.test.ts'],
          testTimeout: 20000,
          browser: {
            enabled: true,
            provider: chromium,
            headless: true,
            // Failure screenshots would land beside the sources.
            screenshotFailures: false,
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
