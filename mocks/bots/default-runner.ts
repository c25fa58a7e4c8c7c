import type { BotRunner } from './runner';

const isNode = (): boolean => typeof process !== 'undefined' && typeof process.versions?.node === 'string';

/** The sandbox of the host: QuickJS in a worker thread under Node, in a module Worker in a browser. */
export async function defaultBotRunner(): Promise<BotRunner> {
  if (isNode()) {
    // A variable specifier keeps node:worker_threads out of browser bundles.
    const specifier = './node-runner';
    const { NodeBotRunner } = (await import(/* @vite-ignore */ specifier)) as typeof import('./node-runner');
    return new NodeBotRunner();
  }
  const { BrowserBotRunner } = await import('./browser-runner');
  return new BrowserBotRunner();
}
