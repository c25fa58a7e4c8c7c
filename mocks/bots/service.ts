import type { Bot, Bundle } from '@medplum/fhirtypes';
import type { EngineChange, FhirEngine } from '@mocks/engine';
import type { Clock } from '@mocks/engine/types';
import { engineCaller } from './client';
import { botContext, readJson, runBot, type BotEnvironment } from './execution';
import type { BotOutcome, BotRunner } from './runner';
import { defaultBotRunner } from './default-runner';
import { BotSchedule } from './schedule';
import {
  isBot,
  loadBotSubscriptions,
  meetsCriteria,
  triggeringVersions,
  wants,
  type BotSubscription,
} from './subscriptions';

/** A bot run longer than this is stopped. */
export const DEFAULT_BOT_TIMEOUT_MS = 10_000;
/** How often (real time) the schedule is checked; moving the clock checks it at once. */
const SCHEDULE_CHECK_MS = 30_000;
/** The origin of the FHIR base that bots running on their own address. */
const INTERNAL_ORIGIN = 'http://localhost';

export interface BotServiceOptions {
  engine: FhirEngine;
  clock: Clock;
  basePath: string;
  runner?: BotRunner;
  timeoutMs?: number;
  /** Where bot logs and failures of bots running on their own go; console by default. */
  log?: (level: string, text: string) => void;
}

/**
 * The fake server's bots: rest-hook subscriptions to bots fired on create and update, and scheduled
 * bots on the server's clock. Their operations and admin route (./operations) run in its environment.
 */
export interface BotService {
  /** What bot operations run in: this service's engine, clock, runner and time limit. */
  readonly environment: BotEnvironment;
  /** Runs the scheduled bots that are due on the server's clock, and waits for them. */
  tick(): Promise<void>;
  /** Resolves once no bot work is under way, or after `maxWaitMs`. */
  settled(maxWaitMs?: number): Promise<void>;
  /** Counts bot work started; a request that changed it may wait for settled(). */
  readonly started: number;
  /** Stops the schedule timer and the subscription listener, and the sandbox workers it started. */
  dispose(): void;
}

export function createBotService(options: BotServiceOptions): BotService {
  const { engine, clock, basePath } = options;
  const log = options.log ?? defaultLog;
  let runner: Promise<BotRunner> | undefined = options.runner ? Promise.resolve(options.runner) : undefined;
  const env: BotEnvironment = {
    engine: () => engine,
    now: () => new Date(clock.now()),
    runner: () => (runner ??= defaultBotRunner()),
    timeoutMs: options.timeoutMs ?? DEFAULT_BOT_TIMEOUT_MS,
    log,
  };
  const internalBase = `${INTERNAL_ORIGIN}${basePath}`;
  const schedule = new BotSchedule();
  const subscriptions = new Map<string, Promise<BotSubscription[]>>();
  /** How many bot subscriptions each project has, once read: 0 means a write there needs no more work. */
  const subscriptionCounts = new Map<string, number>();
  const running = new Set<Promise<unknown>>();
  let started = 0;
  let ticking: Promise<void> = Promise.resolve();

  const track = (work: Promise<unknown>): void => {
    started++;
    const done = work.catch((error: unknown) => log('error', `bot work failed: ${String(error)}`));
    running.add(done);
    void done.finally(() => running.delete(done));
  };

  const systemCaller = (projectId: string) =>
    engineCaller(engine, { projectId, profile: {}, login: '', clientId: '' }, internalBase);

  const subscriptionsOf = (projectId: string): Promise<BotSubscription[]> => {
    let found = subscriptions.get(projectId);
    if (!found) {
      found = loadBotSubscriptions(systemCaller(projectId))
        .catch(() => [])
        .then((list) => {
          if (subscriptions.get(projectId) === found) subscriptionCounts.set(projectId, list.length);
          return list;
        });
      subscriptions.set(projectId, found);
    }
    return found;
  };

  /** Runs a bot on its own (not for a caller) and reports a failure in the log. */
  const runOnItsOwn = async (
    projectId: string,
    bot: Bot,
    input: unknown,
    why: string
  ): Promise<BotOutcome> => {
    const outcome = await runBot(env, {
      bot,
      context: botContext(projectId, bot),
      baseUrl: internalBase,
      input,
      contentType: 'application/fhir+json',
    });
    if (!outcome.ok) log('warn', `bot ${bot.name ?? bot.id} (${why}) failed: ${outcome.error}`);
    return outcome;
  };

  const fire = async (
    projectId: string,
    change: EngineChange,
    triggers: BotSubscription[]
  ): Promise<void> => {
    const caller = systemCaller(projectId);
    for (const version of triggeringVersions(change)) {
      for (const trigger of triggers) {
        if (!wants(trigger, version) || !(await meetsCriteria(caller, trigger, version))) continue;
        const bot = await readJson<Bot>(caller, `Bot/${trigger.botId}`).catch(() => undefined);
        if (bot)
          await runOnItsOwn(projectId, bot, version.resource, `subscription ${trigger.subscription.id}`);
      }
    }
  };

  const onChange = (change: EngineChange): void => {
    const versions = triggeringVersions(change);
    if (versions.length === 0) return;
    const { projectId } = change;
    if (versions.some((version) => version.resourceType === 'Subscription')) {
      subscriptions.delete(projectId);
      subscriptionCounts.delete(projectId);
    }
    for (const version of versions) {
      if (isBot(version.resource)) schedule.note(projectId, version.resource, new Date(clock.now()));
    }
    // A project known to have no bot subscriptions costs nothing more.
    if (subscriptionCounts.get(projectId) === 0) return;
    track(
      subscriptionsOf(projectId).then((triggers) =>
        triggers.length > 0 ? fire(projectId, change, triggers) : undefined
      )
    );
  };
  const stopListening = engine.onChange(onChange);

  const scheduledBots = async (projectId: string): Promise<Bot[]> => {
    const bundle = await readJson<Bundle<Bot>>(systemCaller(projectId), 'Bot?_count=1000').catch(
      () => undefined
    );
    return (bundle?.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
  };

  const checkSchedule = async (runDue: boolean): Promise<void> => {
    const now = new Date(clock.now());
    for (const projectId of engine.projectIds()) {
      for (const bot of await scheduledBots(projectId)) {
        if (!runDue) schedule.note(projectId, bot, now);
        else if (schedule.due(projectId, bot, now)) await runOnItsOwn(projectId, bot, bot, 'schedule');
      }
    }
  };

  const tick = (): Promise<void> => {
    ticking = ticking.then(() => checkSchedule(true)).catch((error: unknown) => log('error', String(error)));
    track(ticking);
    return ticking;
  };

  ticking = checkSchedule(false).catch(() => undefined);
  const timer = setInterval(() => void tick(), SCHEDULE_CHECK_MS);
  (timer as { unref?: () => void }).unref?.();

  return {
    environment: env,
    tick,
    async settled(maxWaitMs = Number.POSITIVE_INFINITY) {
      const deadline = Date.now() + maxWaitMs;
      while (running.size > 0 && Date.now() < deadline) {
        const remaining = deadline - Date.now();
        await Promise.race([Promise.all(running), delay(Math.min(remaining, 2_147_483_647))]);
      }
    },
    get started() {
      return started;
    },
    dispose() {
      clearInterval(timer);
      stopListening();
      // A runner given by the caller is the caller's to dispose.
      if (!options.runner) void runner?.then((started) => started.dispose?.());
    },
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    (timer as { unref?: () => void }).unref?.();
  });
}

function defaultLog(level: string, text: string): void {
  if (level === 'error' || level === 'warn') console.warn(`fake server: ${text}`);
}
