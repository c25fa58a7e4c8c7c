import type { BotJob, BotOutcome, BotRunner, SandboxMessage } from './runner';
import { sandboxSession, timeoutText } from './runner';
import { BROWSER_WORKER_SOURCE } from './sandbox-source';

/**
 * `npm run dev`: each bot runs in a dedicated Worker made from a Blob URL, away from the page's
 * globals, and is terminated when it exceeds its time limit.
 */
export class BrowserBotRunner implements BotRunner {
  private url: string | undefined;

  run(job: BotJob): Promise<BotOutcome> {
    this.url ??= URL.createObjectURL(new Blob([BROWSER_WORKER_SOURCE], { type: 'text/javascript' }));
    const worker = new Worker(this.url);
    return new Promise<BotOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: BotOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.terminate();
        resolve(outcome);
      };
      const timer = setTimeout(
        () => finish({ ok: false, error: timeoutText(job.timeoutMs), timedOut: true }),
        job.timeoutMs
      );
      const onMessage = sandboxSession(job, (reply) => !settled && worker.postMessage(reply), finish);
      worker.onmessage = (event: MessageEvent<SandboxMessage>) => onMessage(event.data);
      worker.onerror = (event) =>
        finish({ ok: false, error: event.message || 'The bot failed', timedOut: false });
      const { code, eventJson, nowMs, timeoutMs, filename } = job;
      worker.postMessage({ type: 'start', job: { code, eventJson, nowMs, timeoutMs, filename } });
    });
  }
}
