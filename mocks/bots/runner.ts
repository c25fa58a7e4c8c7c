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

/** One run of a bot's code. */
export interface BotJob {
  code: string;
  /** The event (input, contentType, secrets, bot) as JSON text. */
  eventJson: string;
  /** The server's clock at the start: the bot's `new Date()` follows it. */
  nowMs: number;
  timeoutMs: number;
  /** Shown in stack traces. */
  filename: string;
  /** Answers the bot's FHIR calls with the rights of whoever runs it. */
  call(request: BotCall): Promise<BotCallAnswer>;
  log?(level: string, text: string): void;
}

export type BotOutcome = { ok: true; result: unknown } | { ok: false; error: string; timedOut: boolean };

/** Runs bot code in isolation: never throws, always settles within the job's time limit. */
export interface BotRunner {
  run(job: BotJob): Promise<BotOutcome>;
}

/** Messages between the host and the sandbox (see sandbox-source.ts). */
export type SandboxMessage =
  | ({ type: 'call'; id: number } & BotCall)
  | { type: 'log'; level: string; text: string }
  | { type: 'done'; ok: boolean; result?: string; error?: string };

/** What a host does with the sandbox's messages, whatever the kind of worker. */
export function sandboxSession(
  job: BotJob,
  reply: (message: { type: 'reply'; id: number } & BotCallAnswer) => void,
  finish: (outcome: BotOutcome) => void
): (message: SandboxMessage) => void {
  return (message) => {
    if (message.type === 'log') {
      job.log?.(message.level, message.text);
    } else if (message.type === 'call') {
      const { id, method, path, body, headers } = message;
      job.call({ method, path, body, headers }).then(
        (answer) => reply({ type: 'reply', id, ...answer }),
        (error: unknown) =>
          reply({ type: 'reply', id, status: 500, body: JSON.stringify(errorOutcome(String(error))) })
      );
    } else if (message.type === 'done') {
      if (message.ok) {
        finish({ ok: true, result: message.result === undefined ? undefined : JSON.parse(message.result) });
      } else {
        finish({
          ok: false,
          error: message.error ?? 'The bot failed',
          timedOut: /timed out/i.test(message.error ?? ''),
        });
      }
    }
  };
}

export function timeoutText(timeoutMs: number): string {
  return `Bot timed out after ${timeoutMs} ms`;
}

function errorOutcome(text: string) {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: 'exception', details: { text } }],
  };
}
