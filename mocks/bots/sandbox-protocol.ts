/** One call a bot makes to the server, as the sandbox sends it. */
export interface BotCall {
  method: string;
  /** Below the FHIR base: 'Task?focus=...', 'Task/1', '' for a batch. */
  path: string;
  /** JSON text. */
  body?: string;
  headers?: Record<string, string>;
}

export interface BotCallAnswer {
  status: number;
  /** JSON text, or '' when the answer had no body. */
  body: string;
}

/** What the sandbox needs to run a bot once: plain data, so it can be posted to a worker. */
export interface SandboxJob {
  code: string;
  /** The event (input, contentType, secrets, bot) as JSON text. */
  eventJson: string;
  /** The server's clock at the start: the bot's `new Date()` follows it. */
  nowMs: number;
  timeoutMs: number;
  /** Shown in stack traces. */
  filename: string;
  /** The most memory the bot's JavaScript may hold; DEFAULT_BOT_MEMORY_BYTES when absent. */
  memoryLimitBytes?: number;
}

/** One run of a bot's code. */
export interface BotJob extends SandboxJob {
  /** Answers the bot's FHIR calls with the rights of whoever runs it. */
  call(request: BotCall): Promise<BotCallAnswer>;
  log?(level: string, text: string): void;
}

export type BotOutcome = { ok: true; result: unknown } | { ok: false; error: string; timedOut: boolean };

/** Runs bot code in isolation: never throws, always settles within the job's time limit. */
export interface BotRunner {
  run(job: BotJob): Promise<BotOutcome>;
  /** Lets go of what the runner keeps between runs (idle workers). */
  dispose?(): void;
}

/** A bot's JavaScript may hold this much memory; past it, allocations fail and the run is stopped. */
export const DEFAULT_BOT_MEMORY_BYTES = 64 * 1024 * 1024;

/** How the sandbox ended a run; `result` is the handler's answer as JSON text (absent: undefined). */
export type SandboxResult =
  | { ok: true; result?: string }
  | { ok: false; error: string; reason: 'error' | 'timeout' | 'memory' };

/** Host → worker. */
export type HostMessage =
  | { type: 'start'; job: SandboxJob }
  | ({ type: 'reply'; id: number } & BotCallAnswer);

/** Worker → host. */
export type WorkerMessage =
  /** The engine is ready and the bot's time has started. */
  | { type: 'running' }
  | ({ type: 'call'; id: number } & BotCall)
  | { type: 'log'; level: string; text: string }
  | ({ type: 'done' } & SandboxResult);

export function timeoutText(timeoutMs: number): string {
  return `Bot timed out after ${timeoutMs} ms`;
}

export function memoryText(limitBytes: number): string {
  return `Bot exceeded its memory limit of ${Math.round(limitBytes / (1024 * 1024))} MB`;
}

export function toOutcome(result: SandboxResult): BotOutcome {
  if (result.ok) {
    return {
      ok: true,
      result: result.result === undefined ? undefined : (JSON.parse(result.result) as unknown),
    };
  }
  return { ok: false, error: result.error, timedOut: result.reason === 'timeout' };
}
