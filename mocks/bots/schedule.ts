import type { Bot } from '@medplum/fhirtypes';

const MINUTE_MS = 60_000;

/**
 * The period of a bot's schedule in milliseconds, from Bot.cronString in the forms '*\/N * * * *'
 * (every N minutes) and '* * * * *' (every minute), or Bot.cronTiming.repeat (period and unit);
 * undefined when the bot has no schedule this server understands.
 */
export function schedulePeriodMs(bot: Bot): number | undefined {
  const cron = bot.cronString?.trim();
  if (cron) {
    const match = /^(\*|\*\/(\d+)) \* \* \* \*$/.exec(cron);
    if (!match) return undefined;
    const minutes = match[2] ? Number(match[2]) : 1;
    return minutes > 0 ? minutes * MINUTE_MS : undefined;
  }
  const repeat = bot.cronTiming?.repeat;
  const units: Record<string, number> = {
    s: 1000,
    min: MINUTE_MS,
    h: 60 * MINUTE_MS,
    d: 24 * 60 * MINUTE_MS,
  };
  const unit = repeat?.periodUnit ? units[repeat.periodUnit] : undefined;
  if (!repeat?.period || !unit) return undefined;
  return Math.max(MINUTE_MS, repeat.period * unit);
}

/**
 * Which scheduled bots are due. Time is cut into slots of each bot's period on the server's clock;
 * a bot runs once when the clock enters a new slot (moving the clock an hour runs it once, not four
 * times). A bot first seen is not run until its next slot.
 */
export class BotSchedule {
  private readonly lastSlot = new Map<string, number>();

  /** Notes a bot without running it (created, deployed or found at start-up). */
  note(projectId: string, bot: Bot, now: Date): void {
    const period = schedulePeriodMs(bot);
    const key = `${projectId}/${bot.id}`;
    if (period && !this.lastSlot.has(key)) this.lastSlot.set(key, Math.floor(now.getTime() / period));
  }

  /** True when the bot entered a new slot since it last ran (and records the run). */
  due(projectId: string, bot: Bot, now: Date): boolean {
    const period = schedulePeriodMs(bot);
    if (!period) return false;
    const key = `${projectId}/${bot.id}`;
    const slot = Math.floor(now.getTime() / period);
    const last = this.lastSlot.get(key);
    this.lastSlot.set(key, slot);
    return last !== undefined && slot > last;
  }
}
