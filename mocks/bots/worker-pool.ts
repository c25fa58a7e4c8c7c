import {
  timeoutText,
  toOutcome,
  type BotJob,
  type BotOutcome,
  type BotRunner,
  type HostMessage,
  type SandboxJob,
  type WorkerMessage,
} from './sandbox-protocol';

/** A sandbox worker as the pool sees it, whatever the host (worker thread or browser Worker). */
export interface SandboxWorker {
  post(message: HostMessage): void;
  /** Replaces the handlers: the run using the worker gets its messages and its failure. */
  listen(onMessage: (message: WorkerMessage) => void, onFailure: (error: string) => void): void;
  terminate(): void;
}

export interface WorkerPoolOptions {
  /** Workers that may run bots at once; more runs wait for one to be free. */
  maxWorkers?: number;
  /** How long past its time limit a run may take before its worker is terminated. */
  graceMs?: number;
  /** How long a worker may take to start its engine before the run fails. */
  startMs?: number;
  /** How long an idle worker is kept for the next run. */
  idleMs?: number;
}

/**
 * Runs each bot in a worker of its own (one run at a time per worker), so a bot that spins never
 * blocks the server's thread. A worker is kept for the next run once its run has ended cleanly;
 * a worker that fails, or does not answer within the time limit plus a grace period, is terminated.
 */
export class WorkerPoolRunner implements BotRunner {
  private readonly idle: SandboxWorker[] = [];
  private readonly queue: { resolve(worker: SandboxWorker): void; reject(error: unknown): void }[] = [];
  private workers = 0;
  private readonly maxWorkers: number;
  private readonly graceMs: number;
  private readonly startMs: number;
  private readonly idleMs: number;
  private readonly idleTimers = new Map<SandboxWorker, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly spawn: () => SandboxWorker,
    options: WorkerPoolOptions = {}
  ) {
    this.maxWorkers = options.maxWorkers ?? 2;
    this.graceMs = options.graceMs ?? 1000;
    this.startMs = options.startMs ?? 30_000;
    this.idleMs = options.idleMs ?? 60_000;
  }

  async run(job: BotJob): Promise<BotOutcome> {
    let worker: SandboxWorker;
    try {
      worker = await this.acquire();
    } catch (error) {
      return { ok: false, error: `The bot sandbox could not start: ${String(error)}`, timedOut: false };
    }
    return new Promise<BotOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: BotOutcome, keep: boolean): void => {
        if (settled) return;
        settled = true;
        clearTimeout(backstop);
        if (keep) this.release(worker);
        else this.discard(worker);
        resolve(outcome);
      };
      // The bot's time starts once its engine runs; a worker starting its engine gets longer.
      let backstop = setTimeout(
        () => finish({ ok: false, error: 'The bot sandbox did not start in time', timedOut: false }, false),
        this.startMs
      );
      worker.listen(
        (message) => {
          if (settled) return;
          if (message.type === 'running') {
            clearTimeout(backstop);
            backstop = setTimeout(
              () => finish({ ok: false, error: timeoutText(job.timeoutMs), timedOut: true }, false),
              job.timeoutMs + this.graceMs
            );
          } else if (message.type === 'call') {
            const { id, method, path, body, headers } = message;
            job.call({ method, path, body, headers }).then(
              (answer) => !settled && worker.post({ type: 'reply', id, ...answer }),
              () => !settled && worker.post({ type: 'reply', id, status: 500, body: SERVER_ERROR })
            );
          } else if (message.type === 'log') {
            job.log?.(message.level, message.text);
          } else if (message.type === 'done') {
            const { type: _type, ...result } = message;
            finish(toOutcome(result), true);
          }
        },
        (error) => finish({ ok: false, error: `The bot sandbox stopped: ${error}`, timedOut: false }, false)
      );
      const { code, eventJson, nowMs, timeoutMs, filename, memoryLimitBytes } = job;
      const plain: SandboxJob = { code, eventJson, nowMs, timeoutMs, filename };
      if (memoryLimitBytes !== undefined) plain.memoryLimitBytes = memoryLimitBytes;
      worker.post({ type: 'start', job: plain });
    });
  }

  /** Terminates the idle workers (the running ones end with their runs). */
  dispose(): void {
    for (const worker of this.idle.splice(0)) this.discard(worker);
  }

  private acquire(): Promise<SandboxWorker> {
    const ready = this.idle.pop();
    if (ready) {
      clearTimeout(this.idleTimers.get(ready));
      this.idleTimers.delete(ready);
      return Promise.resolve(ready);
    }
    if (this.workers < this.maxWorkers) {
      const worker = this.spawn();
      this.workers++;
      return Promise.resolve(worker);
    }
    return new Promise((resolve, reject) => this.queue.push({ resolve, reject }));
  }

  private release(worker: SandboxWorker): void {
    const next = this.queue.shift();
    if (next) return next.resolve(worker);
    worker.listen(
      () => undefined,
      () => this.forget(worker)
    );
    this.idle.push(worker);
    const timer = setTimeout(() => {
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.discard(this.idle.splice(index, 1)[0] as SandboxWorker);
    }, this.idleMs);
    (timer as { unref?: () => void }).unref?.();
    this.idleTimers.set(worker, timer);
  }

  private discard(worker: SandboxWorker): void {
    clearTimeout(this.idleTimers.get(worker));
    this.idleTimers.delete(worker);
    worker.listen(
      () => undefined,
      () => undefined
    );
    worker.terminate();
    this.forget(worker);
  }

  /** A worker gone: an idle one leaves the pool; a waiting run gets a new worker in its place. */
  private forget(worker: SandboxWorker): void {
    clearTimeout(this.idleTimers.get(worker));
    this.idleTimers.delete(worker);
    const index = this.idle.indexOf(worker);
    if (index >= 0) this.idle.splice(index, 1);
    this.workers--;
    const next = this.queue.shift();
    if (!next) return;
    try {
      const replacement = this.spawn();
      this.workers++;
      next.resolve(replacement);
    } catch (error) {
      next.reject(error);
    }
  }
}

/** What the bot's client gets when the server failed to answer a call (its reason stays inside). */
const SERVER_ERROR = JSON.stringify({
  resourceType: 'OperationOutcome',
  issue: [
    { severity: 'error', code: 'exception', details: { text: 'The server could not answer the call' } },
  ],
});
