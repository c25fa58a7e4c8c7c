import wasmUrl from '@jitl/quickjs-wasmfile-release-sync/wasm?url';
import type { HostMessage, WorkerMessage } from './sandbox-protocol';
import { serveSandbox } from './sandbox-worker';

/**
 * The module Worker of BrowserBotRunner (`npm run dev`): bots run in QuickJS (WebAssembly). The
 * .wasm file is fetched when the first bot runs, so only dev mode ever asks for it.
 */
serveSandbox(
  {
    post: (message: WorkerMessage) => self.postMessage(message),
    listen: (handler) => {
      self.onmessage = (event: MessageEvent<HostMessage>) => handler(event.data);
    },
  },
  async () => WebAssembly.compile(await (await fetch(wasmUrl)).arrayBuffer())
);
