import type { Binary, Bot, Reference } from '@medplum/fhirtypes';
import type { FhirEngine } from '../engine';
import { FhirError, notFound } from '../engine/outcome';
import type { RequestContext } from '../engine/types';
import { engineCaller, type BotCaller } from './client';
import { decodeCode } from './code';
import type { BotOutcome, BotRunner } from './runner';

/** What every run of a bot needs from the server. */
export interface BotEnvironment {
  engine: () => FhirEngine;
  now: () => Date;
  runner: () => Promise<BotRunner>;
  timeoutMs: number;
  log: (level: string, text: string) => void;
}

export interface BotRun {
  bot: Bot;
  /** Whose rights the bot's calls carry. */
  context: RequestContext;
  /** The FHIR base the bot's calls are addressed to (absolute, ending in '/'). */
  baseUrl: string;
  input: unknown;
  contentType: string;
}

/** A bot as the reference its event and its own writes carry. */
export function botReference(bot: Bot): Reference<Bot> {
  return { reference: `Bot/${bot.id}`, ...(bot.name ? { display: bot.name } : {}) };
}

/** The rights of a bot running on its own (subscriptions, schedule): the bot is the author of its writes. */
export function botContext(projectId: string, bot: Bot): RequestContext {
  return { projectId, profile: botReference(bot), login: '', clientId: `bot-${bot.id}` };
}

/** Reads a JSON resource through the engine as `caller`; a 4xx answer becomes that FhirError. */
export async function readJson<T>(caller: BotCaller, path: string): Promise<T> {
  const answer = await caller({ method: 'GET', path, headers: { Accept: 'application/fhir+json' } });
  const body = answer.body ? (JSON.parse(answer.body) as unknown) : undefined;
  if (answer.status >= 400) {
    const text = (body as { issue?: { details?: { text?: string } }[] })?.issue?.[0]?.details?.text;
    throw new FhirError(answer.status, text ?? `GET ${path} failed`);
  }
  return body as T;
}

/** The code last deployed to the bot (Bot.executableCode → Binary). */
export async function deployedCode(caller: BotCaller, bot: Bot): Promise<string> {
  const url = bot.executableCode?.url;
  const match = url ? /(?:^|\/)Binary\/([^/?#]+)$/.exec(url) : null;
  if (!match?.[1]) throw new FhirError(400, `Bot ${bot.name ?? bot.id} has no deployed code`);
  const binary = await readJson<Binary>(caller, `Binary/${match[1]}`);
  if (!binary.data) throw notFound(`The code of bot ${bot.name ?? bot.id} is empty`);
  return decodeCode(binary.data);
}

/** Runs a bot's deployed code in the sandbox; its calls go through the engine as `run.context`. */
export async function runBot(env: BotEnvironment, run: BotRun): Promise<BotOutcome> {
  const caller = engineCaller(env.engine(), run.context, run.baseUrl);
  const code = await deployedCode(caller, run.bot);
  const event = {
    input: run.input,
    contentType: run.contentType,
    secrets: {},
    bot: botReference(run.bot),
  };
  const runner = await env.runner();
  const name = run.bot.name ?? run.bot.id ?? 'bot';
  return runner.run({
    code,
    eventJson: JSON.stringify(event),
    nowMs: env.now().getTime(),
    timeoutMs: env.timeoutMs,
    filename: `${name}.js`,
    call: caller,
    log: (level, text) => env.log(level, `[bot ${name}] ${text}`),
  });
}
