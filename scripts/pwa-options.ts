import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';

/** The most the precache may hold; the build fails if one file is larger, the e2e test checks the sum. */
export const PRECACHE_BUDGET_BYTES = 2 * 1024 * 1024;

/**
 * The PWA part of the build: our own service worker (src/workers/sw.ts) with this build's files
 * injected as its precache list. Off in `npm run dev`, where msw's worker (public/mockServiceWorker.js)
 * holds the scope; the two cannot share it.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src/workers',
  filename: 'sw.ts',
  registerType: 'prompt',
  // The app registers the worker itself (src/app/pwa), with workbox-window.
  injectRegister: false,
  // public/manifest.webmanifest is the manifest, linked from index.html.
  manifest: false,
  devOptions: { enabled: false },
  injectManifest: {
    // The app shell and every lazily loaded chunk; not the source maps, not the install screenshots.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,json}'],
    globIgnores: ['mockServiceWorker.js', 'screenshots/**', '**/*.map', 'sw.js'],
    maximumFileSizeToCacheInBytes: PRECACHE_BUDGET_BYTES,
    // One classic script: registered without `type: 'module'`, which every browser accepts.
    rollupFormat: 'iife',
  },
};

/** Keeps msw's worker out of the built app: it is for `npm run dev` only. */
function withoutDevWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'carequeue:without-dev-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'pre',
      async handler() {
        await rm(resolve(outDir, 'mockServiceWorker.js'), { force: true });
      },
    },
  };
}

export function pwaPlugins(): Plugin[] {
  return [...VitePWA(pwaOptions), withoutDevWorker()];
}

/** The version string the app shows: VITE_APP_VERSION when set, else package.json's version. */
export function appVersion(): string {
  const fromEnv = process.env.VITE_APP_VERSION;
  if (fromEnv) return fromEnv;
  return (
    JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')) as { version: string }
  ).version;
}
