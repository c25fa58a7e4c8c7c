import type { Resource } from '@medplum/fhirtypes';
import { AnnouncedVersions } from '@/sync/engine/announced';
import type { Clock } from '@/sync/platform';
import type { Scheduler } from '@/sync/engine/types';

/*
 * When the engine runs. A run (send the waiting changes, then pull) is the delegate's business; the
 * loop decides when one starts, whether it goes round again, and when the next is due.
 *
 * States:
 * - new: before start(). A run happens only when asked for (runNow); no timer.
 * - waiting: started, no run under way. One timer is set for the next run: after the interval
 *   (DEFAULT_INTERVAL_MS), or sooner when a backed-off change comes due (only while online:
 *   offline, the full interval).
 * - running: a run is under way (under the delegate's lock). What is asked for meanwhile does not
 *   start another run beside it; the run goes round once more when it ends, while online:
 *   - a run asked for (runNow, a user's choice) → once more;
 *   - a change made here → once more only if the run ends with changes still waiting (a change is
 *     sent as soon as the run reaches a send, so most need no second round);
 *   - an announcement from the server before the run's pull sent its first request → nothing, the
 *     pull reads it (once more only if the run ended without pulling);
 *   - an announcement after that → once more, unless the replica holds every version announced
 *     when the run ends (this device's own push is announced back to it).
 *   - the connection came back → once more even when the run left the status offline: its request
 *     may have failed before the signal returned.
 *   When the rounds end the timer is set again, and what was announced after their last look
 *   starts a run at once (online).
 * - stopped: after stop(). The timer is cleared, a run under way stores nothing more, and no run
 *   starts until start().
 * A reconnection asks for a run whose first step is to clear every change's back-off; until a run
 * reaches the server, each next run does so again.
 */

/** Between two background runs when nothing is due sooner: the poll, and the fallback beside live updates. */
export const DEFAULT_INTERVAL_MS = 30_000;
/** How long a change waits after its first transient failure; doubled for each failure in a row. */
export const DEFAULT_BACKOFF_BASE_MS = 1_000;
/** The longest a change waits between two tries. */
export const DEFAULT_MAX_BACKOFF_MS = 5 * 60_000;

/** A change's back-off: its delays, and the randomness of its jitter. */
export interface BackoffDelays {
  backoffBaseMs: number;
  maxBackoffMs: number;
  /** [0, 1). */
  random: () => number;
}

/**
 * The delay before attempt `attempts + 1` of a change: doubling from the base, capped, with jitter
 * in [½, 1] so that devices that failed together do not try again together. A change sent is gone
 * from the outbox, so the next failure of another starts from the base again.
 */
export function backoffDelay(delays: BackoffDelays, attempts: number): number {
  const exponential = delays.backoffBaseMs * 2 ** Math.max(0, attempts - 1);
  const capped = Math.min(delays.maxBackoffMs, exponential);
  return Math.round(capped * (0.5 + delays.random() / 2));
}

/** What a run is told by the loop, and tells it, while it goes. */
export interface RunLoopControl {
  /** Whether the loop was started (and not stopped since). */
  readonly started: boolean;
  /** Whether the loop was stopped: a run still under way stores nothing more. */
  readonly stopped: boolean;
  /** Whether the connection came back since: every change's back-off goes first. Asking forgets it. */
  takeRetryNow(): boolean;
  /**
   * The run that took the reconnection's retry did not reach the server (the network event often
   * comes before the route works): the next run clears the back-off again.
   */
  keepRetryNow(): void;
  /** The run's pull sends its first request now: what the server announces from here on is checked at the end. */
  pullStarted(): void;
  /** Whether another run is already due: one was asked for, or a change announced, since the pull began. */
  anotherDue(): boolean;
  /** The server announced a change in scope (the changed resource when known, none on a (re)connection). */
  announced(resource?: Resource): void;
}

/** What a run is: the loop calls it and never looks inside. */
export interface RunLoopDelegate<Outcome> {
  /** Runs `round` under the run lock: one tab syncs at a time. */
  exclusive(round: () => Promise<void>): Promise<void>;
  /** Whether a run may start now (false once the session is gone); every run may when absent. */
  readonly mayRun?: () => Promise<boolean>;
  /** One run. Its failures are its own business (reported in its outcome), not the loop's. */
  run(control: RunLoopControl): Promise<void>;
  /** After every run, whatever happened. Answers when the earliest backed-off change is due, if any. */
  afterRun(): Promise<number | undefined>;
  /** Whether the server could be reached when last tried. */
  online(): boolean;
  /** Whether changes made here still wait to be sent. */
  changesWaiting(): boolean;
  /** Whether some of what was announced is not in the replica yet; forgets what was announced. */
  unpulled(announced: AnnouncedVersions): Promise<boolean>;
  /** What the callers of runNow are answered once the rounds end (the status). */
  outcome(): Outcome;
}

export interface RunLoopOptions {
  clock: Pick<Clock, 'now'>;
  scheduler: Scheduler;
  /** Between two background runs; DEFAULT_INTERVAL_MS when not given. */
  intervalMs?: number;
}

export class RunLoop<Outcome> implements RunLoopControl {
  private running: Promise<Outcome> | undefined;
  private active = false;
  private halted = false;
  /** A run was asked for during the run under way. */
  private again = false;
  /** A local change was made during the run under way: it goes round again if the change is still unsent. */
  private changeWaiting = false;
  /** The connection came back: the next run clears every change's back-off first. */
  private retryNow = false;
  /**
   * The connection came back during this round. Its run may still fail on a request sent before and
   * leave the status offline; the reconnection's round goes on regardless.
   */
  private reconnectedInRound = false;
  private timer: unknown;
  /** When the earliest backed-off change is due, as the last run found. */
  private nextDue: number | undefined;
  /** Whether this run's pull has sent its first request. */
  private pullSent = false;
  /** A notification came while this run's pull was still to come: a run that ends before it pulls runs again. */
  private notifiedBeforePull = false;
  /** Announced after this run's pull went out: the run goes round again unless the replica holds it. */
  private readonly announcements = new AnnouncedVersions();

  constructor(
    private readonly delegate: RunLoopDelegate<Outcome>,
    private readonly options: RunLoopOptions
  ) {}

  get started(): boolean {
    return this.active;
  }

  get stopped(): boolean {
    return this.halted;
  }

  /** Runs now, then on the timer. Does nothing when already started. */
  start(): void {
    if (this.active) return;
    this.active = true;
    this.halted = false;
    void this.runNow().catch(() => undefined);
  }

  stop(): void {
    this.active = false;
    this.halted = true;
    if (this.timer !== undefined) this.options.scheduler.clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** A run now, or once more after the one under way. Resolves with the outcome when the rounds end. */
  runNow(): Promise<Outcome> {
    return this.runFor('sync');
  }

  /** A change was made here: sent at once while started and online. */
  changeMade(): void {
    if (this.active && this.delegate.online()) void this.runFor('change').catch(() => undefined);
  }

  /** The user settled a conflict or a failure: what it freed is sent at once while started and online. */
  userChose(): void {
    if (this.active && this.delegate.online()) void this.runNow().catch(() => undefined);
  }

  /** The connection came back: a run now that tries every waiting change, whatever its back-off said. */
  reconnected(): void {
    this.retryNow = true;
    this.reconnectedInRound = true;
    void this.runNow().catch(() => undefined);
  }

  /**
   * The server says something in scope changed. A run whose pull has not sent its request yet will
   * read it anyway (the notification of this device's own push comes during that push), so only a
   * run that has passed that point, or none, makes another.
   */
  announced(resource?: Resource): void {
    if (this.running && !this.pullSent) {
      this.notifiedBeforePull = true;
      return;
    }
    if (this.running) {
      this.announcements.note(resource);
      return;
    }
    void this.runNow().catch(() => undefined);
  }

  takeRetryNow(): boolean {
    const retry = this.retryNow;
    this.retryNow = false;
    return retry;
  }

  keepRetryNow(): void {
    this.retryNow = true;
  }

  pullStarted(): void {
    this.pullSent = true;
  }

  anotherDue(): boolean {
    return this.again || this.announcements.any;
  }

  /**
   * A run, or one more after the one under way: always for a run asked for; for a local change only
   * if that run ends without having sent it.
   */
  private runFor(reason: 'sync' | 'change'): Promise<Outcome> {
    if (this.running) {
      if (reason === 'change') this.changeWaiting = true;
      else this.again = true;
      return this.running;
    }
    this.running = this.rounds().finally(() => {
      this.running = undefined;
      this.schedule();
      // Announced after the rounds' last look: pulled now, not by the timer.
      if (this.announcements.any && this.delegate.online()) void this.runNow().catch(() => undefined);
    });
    return this.running;
  }

  /** Runs, then again while something asked for another round and the server can be reached. */
  private async rounds(): Promise<Outcome> {
    let more: boolean;
    do {
      this.again = false;
      this.changeWaiting = false;
      this.reconnectedInRound = false;
      await this.delegate.exclusive(() => this.round());
      more =
        this.again ||
        (this.changeWaiting && this.delegate.changesWaiting()) ||
        (await this.delegate.unpulled(this.announcements).catch(() => true));
    } while ((more && this.delegate.online()) || this.reconnectedInRound);
    return this.delegate.outcome();
  }

  private async round(): Promise<void> {
    if (this.halted || (this.delegate.mayRun && !(await this.delegate.mayRun()))) return;
    this.pullSent = false;
    // What was announced before this run's pull is in what the pull reads.
    this.announcements.clear();
    try {
      await this.delegate.run(this);
    } finally {
      if (this.notifiedBeforePull && !this.pullSent) this.again = true;
      this.notifiedBeforePull = false;
      this.nextDue = await this.delegate.afterRun();
    }
  }

  /** The next background run: after the interval, or sooner when a backed-off change is due (online). */
  private schedule(): void {
    if (!this.active) return;
    const { scheduler, clock } = this.options;
    if (this.timer !== undefined) scheduler.clearTimeout(this.timer);
    let interval = this.options.intervalMs ?? DEFAULT_INTERVAL_MS;
    if (this.nextDue !== undefined && this.delegate.online()) {
      interval = Math.max(0, Math.min(interval, this.nextDue - clock.now()));
    }
    this.timer = scheduler.setTimeout(() => {
      this.timer = undefined;
      void this.runNow().catch(() => undefined);
    }, interval);
  }
}
