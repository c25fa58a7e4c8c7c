import type { Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import type { AnnouncedVersions } from '@/sync/engine/announced';
import type { Scheduler } from '@/sync/engine/types';
import { ManualClock } from '@/fhir/testing/manual-clock';
import { backoffDelay, RunLoop, type RunLoopControl, type RunLoopDelegate } from './run-loop';

const INTERVAL = 30_000;

/** Timers that fire only when the test says so. */
class ManualScheduler implements Scheduler {
  private readonly timers = new Map<number, { fn: () => void; ms: number }>();
  private next = 1;
  setTimeout(fn: () => void, ms: number): unknown {
    this.timers.set(this.next, { fn, ms });
    return this.next++;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  /** The delays of the timers set and not fired or cleared. */
  delays(): number[] {
    return [...this.timers.values()].map((timer) => timer.ms);
  }
  fire(): void {
    for (const [handle, timer] of [...this.timers]) {
      this.timers.delete(handle);
      timer.fn();
    }
  }
}

/** A run that does nothing but what the test scripts; its outcome is how many runs there were. */
class ScriptedRun implements RunLoopDelegate<number> {
  runs = 0;
  isOnline = true;
  signedIn = true;
  pending = 0;
  /** When the earliest backed-off change is due, as the runs leave it. */
  due: number | undefined;
  /** Whether the replica holds what the server announced by the time a run ends. */
  holdsAnnounced = false;
  /** What happens during run number `n` (from 1). */
  during: (control: RunLoopControl, n: number) => void = () => undefined;

  readonly mayRun = async (): Promise<boolean> => this.signedIn;
  exclusive(round: () => Promise<void>): Promise<void> {
    return round();
  }
  async run(control: RunLoopControl): Promise<void> {
    this.runs++;
    await Promise.resolve();
    this.during(control, this.runs);
  }
  async afterRun(): Promise<number | undefined> {
    return this.due;
  }
  online(): boolean {
    return this.isOnline;
  }
  changesWaiting(): boolean {
    return this.pending > 0;
  }
  async unpulled(announced: AnnouncedVersions): Promise<boolean> {
    const any = announced.any;
    announced.clear();
    return any && !this.holdsAnnounced;
  }
  outcome(): number {
    return this.runs;
  }
}

function testLoop() {
  const clock = new ManualClock();
  const scheduler = new ManualScheduler();
  const run = new ScriptedRun();
  const loop = new RunLoop(run, { clock, scheduler, intervalMs: INTERVAL });
  return { clock, scheduler, run, loop };
}

/** Lets every run already under way end (the scripted runs wait on nothing but promises). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A version the server announced. */
const announced: Patient = { resourceType: 'Patient', id: 'p1', meta: { versionId: '2' } };

describe('run loop', () => {
  it('a run asked for during a run goes round once more, however often it is asked, and its callers hear when the rounds end', async () => {
    const { loop, run } = testLoop();
    const answers: Promise<number>[] = [];
    run.during = (_control, n) => {
      if (n === 1) answers.push(loop.runNow(), loop.runNow());
    };
    expect(await loop.runNow()).toBe(2);
    expect(await Promise.all(answers)).toEqual([2, 2]);
  });

  it('a change made during a run goes round again only when the run ends with changes still unsent', async () => {
    for (const pending of [0, 1]) {
      const { loop, run } = testLoop();
      run.during = (_control, n) => {
        if (n === 1) {
          loop.changeMade();
          run.pending = pending;
        } else run.pending = 0;
      };
      loop.start();
      await settled();
      expect(run.runs).toBe(pending === 0 ? 1 : 2);
    }
  });

  it('a change is sent at once while started and online; before start() or offline it waits', async () => {
    const { loop, run } = testLoop();
    loop.changeMade();
    await settled();
    expect(run.runs).toBe(0);
    loop.start();
    await settled();
    loop.changeMade();
    await settled();
    expect(run.runs).toBe(2);
    run.isOnline = false;
    loop.changeMade();
    await settled();
    expect(run.runs).toBe(2);
  });

  it('offline, a run asked for during a run does not go round again', async () => {
    const { loop, run } = testLoop();
    run.during = (_control, n) => {
      if (n > 1) return;
      void loop.runNow();
      run.isOnline = false;
    };
    expect(await loop.runNow()).toBe(1);
  });

  it('between runs the loop waits the interval, or less when a backed-off change is due first; offline the whole interval', async () => {
    const { loop, run, scheduler, clock } = testLoop();
    loop.start();
    await settled();
    expect(scheduler.delays()).toEqual([INTERVAL]);
    // A send failed: its change waits 4 s, and the loop wakes for it.
    run.due = clock.now() + 4_000;
    scheduler.fire();
    await settled();
    expect(run.runs).toBe(2);
    expect(scheduler.delays()).toEqual([4_000]);
    // The device went offline: no waking for a change before the interval is over.
    run.isOnline = false;
    scheduler.fire();
    await settled();
    expect(scheduler.delays()).toEqual([INTERVAL]);
    // Back online, the change was sent: nothing is backed off, and the loop is back to the interval.
    run.isOnline = true;
    run.due = undefined;
    scheduler.fire();
    await settled();
    expect(run.runs).toBe(4);
    expect(scheduler.delays()).toEqual([INTERVAL]);
  });

  it('a change backs off doubling from the base up to the cap, with jitter between half and all of it', () => {
    const delays = (random: number) =>
      [1, 2, 3, 4, 5].map((attempts) =>
        backoffDelay({ backoffBaseMs: 1_000, maxBackoffMs: 8_000, random: () => random }, attempts)
      );
    expect(delays(0.999_999)).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
    expect(delays(0)).toEqual([500, 1_000, 2_000, 4_000, 4_000]);
  });

  it("an announcement before the run's pull is read by that pull, unless the run ends without pulling", async () => {
    for (const pulls of [true, false]) {
      const { loop, run } = testLoop();
      run.during = (control, n) => {
        if (n > 1) return;
        control.announced(announced);
        if (pulls) control.pullStarted();
      };
      expect(await loop.runNow()).toBe(pulls ? 1 : 2);
    }
  });

  it('an announcement after the pull began goes round again, unless the replica holds what was announced', async () => {
    for (const holds of [false, true]) {
      const { loop, run } = testLoop();
      run.holdsAnnounced = holds;
      run.during = (control, n) => {
        control.pullStarted();
        if (n > 1) return;
        expect(control.anotherDue()).toBe(false);
        control.announced(announced);
        expect(control.anotherDue()).toBe(true);
      };
      expect(await loop.runNow()).toBe(holds ? 1 : 2);
    }
  });

  it('an announcement between runs starts one at once', async () => {
    const { loop, run } = testLoop();
    loop.start();
    await settled();
    loop.announced(announced);
    await settled();
    expect(run.runs).toBe(2);
  });

  it('after a reconnection the next run, and only that one, clears the back-off first', async () => {
    const { loop, run } = testLoop();
    const retries: boolean[] = [];
    run.during = (control) => retries.push(control.takeRetryNow());
    loop.reconnected();
    await settled();
    await loop.runNow();
    expect(retries).toEqual([true, false]);
  });

  it('a reconnection during a run that then fails goes round once more, though that run left the status offline', async () => {
    const { loop, run } = testLoop();
    const retries: boolean[] = [];
    run.during = (control, n) => {
      retries.push(control.takeRetryNow());
      if (n === 1) {
        // The signal comes back while this run's request, sent before it, fails.
        loop.reconnected();
        run.isOnline = false;
      }
    };
    loop.start();
    await settled();
    expect(run.runs).toBe(2);
    expect(retries).toEqual([false, true]);
    await settled();
    expect(run.runs).toBe(2);
  });

  it('nothing runs once the session is gone', async () => {
    const { loop, run } = testLoop();
    run.signedIn = false;
    expect(await loop.runNow()).toBe(0);
  });

  it('stop ends it: the timer is cleared, a run under way is told, and no run starts until start()', async () => {
    const { loop, run, scheduler } = testLoop();
    const stoppedSeen: boolean[] = [];
    run.during = (control, n) => {
      if (n === 2) loop.stop();
      stoppedSeen.push(control.stopped);
    };
    loop.start();
    await settled();
    expect(scheduler.delays()).toEqual([INTERVAL]);
    expect(await loop.runNow()).toBe(2);
    expect(stoppedSeen).toEqual([false, true]);
    expect(scheduler.delays()).toEqual([]);
    expect(await loop.runNow()).toBe(2);
    loop.start();
    await settled();
    expect(run.runs).toBe(3);
    expect(scheduler.delays()).toEqual([INTERVAL]);
  });
});
