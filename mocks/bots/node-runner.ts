import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerMessage } from './sandbox-protocol';
import { WorkerPoolRunner, type SandboxWorker } from './worker-pool';

/**
 * Starts the worker thread: it loads TypeScript through tsx's loader (the thread does not inherit a
 * test runner's), then the sandbox entry. The thread's own realm never evaluates bot code.
 */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx)
  .then((tsx) => { tsx.register(); return import(workerData.entry); })
  .catch((error) => { console.error(error); process.exit(1); });
`;

let tsxApiUrl: string | undefined;

/** tsx's ESM API as a file URL (its CommonJS build of that API cannot register from a worker). */
function tsxApi(): string {
  if (tsxApiUrl) return tsxApiUrl;
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(packageJson, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } }>;
  };
  const file = manifest.exports['./esm/api']?.import?.default;
  if (!file) throw new Error('tsx has no ESM API');
  tsxApiUrl = pathToFileURL(join(dirname(packageJson), file)).href;
  return tsxApiUrl;
}

function spawnNodeSandbox(): SandboxWorker {
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: {
      tsx: tsxApi(),
      entry: new URL('./node-sandbox-worker.ts', import.meta.url).href,
    },
    // The engine's memory is WebAssembly memory, limited inside; this bounds the thread around it.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  // An idle worker kept for the next run does not keep the process alive.
  worker.unref();
  let onMessage: (message: WorkerMessage) => void = () => undefined;
  let onFailure: (error: string) => void = () => undefined;
  worker.on('message', (message: WorkerMessage) => onMessage(message));
  worker.on('error', (error) => onFailure(error.message));
  worker.on('exit', (code) => onFailure(`exit code ${code}`));
  return {
    post: (message) => worker.postMessage(message),
    listen(message, failure) {
      onMessage = message;
      onFailure = failure;
    },
    terminate: () => void worker.terminate(),
  };
}

/** `npm start` and the tests: bots run in QuickJS (WebAssembly) inside worker threads. */
export class NodeBotRunner extends WorkerPoolRunner {
  constructor() {
    super(spawnNodeSandbox);
  }
}
