import type { Clock } from './engine/types';

/**
 * A clock that runs with real time but can be moved forward by tests and demos, so that token
 * expiry and the 15-minute bot schedule can be exercised without waiting.
 */
export class MovableClock implements Clock {
  private offsetMs = 0;

  constructor(start?: Date) {
    if (start) this.offsetMs = start.getTime() - Date.now();
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Error('The clock only moves forward');
    this.offsetMs += ms;
  }

  /** Milliseconds the clock runs ahead of real time, kept across restarts of the HTTP host. */
  get offset(): number {
    return this.offsetMs;
  }

  set offset(ms: number) {
    this.offsetMs = ms;
  }
}
