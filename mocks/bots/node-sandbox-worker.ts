import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import type { HostMessage } from './sandbox-protocol';
import { serveSandbox } from './sandbox-worker';

/** The worker thread of NodeBotRunner: bots run in QuickJS (WebAssembly), not in this thread's realm. */
const port = parentPort;
if (port) {
  serveSandbox(
    {
      post: (message) => port.postMessage(message),
      listen: (handler) => port.on('message', (message: HostMessage) => handler(message)),
    },
    async () => {
      const file = createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
      return WebAssembly.compile(await readFile(file));
    }
  );
}
