import type { WorkerMessage } from './sandbox-protocol';
import { WorkerPoolRunner, type SandboxWorker } from './worker-pool';

function spawnBrowserSandbox(): SandboxWorker {
  const worker = new Worker(new URL('./browser-sandbox-worker.ts', import.meta.url), { type: 'module' });
  let onMessage: (message: WorkerMessage) => void = () => undefined;
  let onFailure: (error: string) => void = () => undefined;
  worker.onmessage = (event: MessageEvent<WorkerMessage>) => onMessage(event.data);
  worker.onerror = (event) => onFailure(event.message || 'the worker failed');
  return {
    post: (message) => worker.postMessage(message),
    listen(message, failure) {
      onMessage = message;
      onFailure = failure;
    },
    terminate: () => worker.terminate(),
  };
}

/** `npm run dev`: bots run in QuickJS (WebAssembly) inside module Workers, away from the page. */
export class BrowserBotRunner extends WorkerPoolRunner {
  constructor() {
    super(spawnBrowserSandbox);
  }
}
