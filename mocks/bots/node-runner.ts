import { Worker } from 'node:worker_threads';
import type { BotJob, BotOutcome, BotRunner, SandboxMessage } from './runner';
import { sandboxSession, timeoutText } from './runner';
import { NODE_WORKER_SOURCE } from './sandbox-source';

/**
 * Runs each bot in a worker thread of its own, inside a vm context that has no require, process or
 * network: the vm time limit stops synchronous loops, and the worker is terminated when the whole
 * run (await included) exceeds the limit, so a runaway bot never blocks the server.
 */
export class NodeBotRunner implements BotRunner {
  run(job: BotJob): Promise<BotOutcome> {
    return new Promise<BotOutcome>((resolve) => {
      let settled = false;
      const worker = new Worker(NODE_WORKER_SOURCE, {
        eval: true,
        workerData: {
          code: job.code,
          eventJson: job.eventJson,
          nowMs: job.nowMs,
          timeoutMs: job.timeoutMs,
          filename: job.filename,
        },
        resourceLimits: { maxOldGenerationSizeMb: 128 },
        stdout: true,
        stderr: true,
      });
      const finish = (outcome: BotOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        resolve(outcome);
      };
      const timer = setTimeout(
        () => finish({ ok: false, error: timeoutText(job.timeoutMs), timedOut: true }),
        job.timeoutMs + 250
      );
      const onMessage = sandboxSession(job, (reply) => !settled && worker.postMessage(reply), finish);
      worker.on('message', (message: SandboxMessage) => onMessage(message));
      worker.on('error', (error) => finish({ ok: false, error: error.message, timedOut: false }));
      worker.on('exit', () =>
        finish({ ok: false, error: 'The bot stopped without an answer', timedOut: false })
      );
    });
  }
}
