import { newSandboxEngine, runInQuickJs, type SandboxEngine } from './quickjs-sandbox';
import {
  DEFAULT_BOT_MEMORY_BYTES,
  type BotCallAnswer,
  type HostMessage,
  type SandboxJob,
  type WorkerMessage,
} from './sandbox-protocol';

/** A worker's line to its host: a Node worker thread's parentPort or a browser Worker's self. */
export interface HostPort {
  post(message: WorkerMessage): void;
  listen(handler: (message: HostMessage) => void): void;
}

/**
 * The inside of a sandbox worker: compiles the WebAssembly engine once, then runs one bot at a time
 * (the host sends the next 'start' only after 'done'), each in a new instance of the engine, relaying
 * the bot's FHIR calls and log lines.
 */
export function serveSandbox(port: HostPort, compileEngine: () => Promise<WebAssembly.Module>): void {
  const compiled = compileEngine();
  const waiting = new Map<number, (answer: BotCallAnswer) => void>();
  let nextId = 0;

  const run = async (job: SandboxJob): Promise<void> => {
    let engine: SandboxEngine;
    try {
      engine = await newSandboxEngine(await compiled, job.memoryLimitBytes ?? DEFAULT_BOT_MEMORY_BYTES);
    } catch (error) {
      port.post({
        type: 'done',
        ok: false,
        reason: 'error',
        error: `The bot sandbox could not start: ${String(error)}`,
      });
      return;
    }
    port.post({ type: 'running' });
    const result = await runInQuickJs(engine, job, {
      call: (request) =>
        new Promise<BotCallAnswer>((resolve) => {
          const id = ++nextId;
          waiting.set(id, resolve);
          port.post({ type: 'call', id, ...request });
        }),
      log: (level, text) => port.post({ type: 'log', level, text }),
    });
    waiting.clear();
    port.post({ type: 'done', ...result });
  };

  port.listen((message) => {
    if (message.type === 'reply') {
      const resolve = waiting.get(message.id);
      waiting.delete(message.id);
      resolve?.({ status: message.status, body: message.body });
    } else if (message.type === 'start') {
      void run(message.job);
    }
  });
}
