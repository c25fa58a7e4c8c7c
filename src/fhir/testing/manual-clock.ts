import type { Clock } from '../clock';

/**
 * The one test double of `Clock`: time moves only when a test moves it, and a sleep moves it at once
 * by the time asked for (recorded in `sleeps`), so back-off, expiry and schedules run without waiting.
 */
export class ManualClock implements Clock {
  /** Every sleep asked of this clock, in order. */
  readonly sleeps: number[] = [];

  constructor(public time = Date.parse('2024-05-01T10:00:00.000Z')) {}

  now(): number {
    return this.time;
  }

  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.time += ms;
  }

  advance(ms: number): void {
    this.time += ms;
  }

  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }
}
