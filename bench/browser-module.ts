import { chromium, type Browser, type Page } from 'playwright-core';
import { SOURCE_ALIASES } from '../scripts/aliases';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium';

const PAGE_PATH = '/__bench';

type BenchWindow = Window & { benchModule?: Record<string, unknown> };

export interface BenchModulePage {
  page: Page;
  /** The page's origin: http://127.0.0.1:port */
  origin: string;
  close(): Promise<void>;
}

export interface BenchModuleOptions {
  /** Dependencies Vite must pre-bundle for the module (dexie, ...). */
  optimize: string[];
  /** Paths forwarded to another origin, so the page and an API share one origin. */
  proxy?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * A bench that must run in the browser: Vite serves `modulePath` (e.g. '/bench/replica-page.ts') on
 * localhost, headless Chromium opens a blank page that imports it, and its exports are called from
 * Node with `callInPage`. Page errors are printed.
 */
export async function openBenchModule(
  modulePath: string,
  options: BenchModuleOptions
): Promise<BenchModulePage> {
  const benchPage: Plugin = {
    name: 'bench-page',
    configureServer(server) {
      server.middlewares.use(PAGE_PATH, (_request, response) => {
        response.setHeader('content-type', 'text/html');
        response.end(
          '<!doctype html><link rel="icon" href="data:,"><script type="module">' +
            `import * as bench from '${modulePath}'; window.benchModule = bench;` +
            '</script>'
        );
      });
    },
  };
  let server: ViteDevServer | undefined;
  let browser: Browser | undefined;
  const close = async (): Promise<void> => {
    await browser?.close();
    await server?.close();
  };
  try {
    server = await createServer({
      configFile: false,
      root: process.cwd(),
      logLevel: 'warn',
      plugins: [benchPage],
      resolve: { alias: SOURCE_ALIASES },
      server: {
        port: 0,
        host: '127.0.0.1',
        // The Host header is kept, so an API's paging links point back at this origin.
        proxy: Object.fromEntries(
          Object.entries(options.proxy ?? {}).map(([path, target]) => [path, { target }])
        ),
      },
      optimizeDeps: { include: options.optimize, noDiscovery: true },
    });
    await server.listen();
    const address = server.httpServer?.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') console.error('page console:', message.text());
    });
    await page.goto(`${origin}${PAGE_PATH}`);
    await page.waitForFunction(() => typeof (window as BenchWindow).benchModule === 'object', undefined, {
      timeout: options.timeoutMs ?? 120_000,
    });
    return { page, origin, close };
  } catch (error) {
    await close();
    throw error;
  }
}

type AsyncExports<M> = {
  [K in keyof M]: M[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof M];

/** Runs one exported async function of the bench module in the page, with serialisable arguments. */
export async function callInPage<M, K extends AsyncExports<M>>(
  page: Page,
  name: K,
  ...args: M[K] extends (...a: infer A) => unknown ? A : never
): Promise<M[K] extends (...a: never[]) => Promise<infer R> ? R : never> {
  const result: unknown = await page.evaluate(
    async ({ exported, given }) => {
      const bench = (window as BenchWindow).benchModule;
      if (!bench) throw new Error('the bench page did not load');
      const run = bench[exported] as (...values: unknown[]) => Promise<unknown>;
      return run(...given);
    },
    { exported: String(name), given: args as unknown[] }
  );
  return result as M[K] extends (...a: never[]) => Promise<infer R> ? R : never;
}
