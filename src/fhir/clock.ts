/**
 * Time as the app and the fake server read it. It is passed in from outside, so tests and demos
 * can move it instead of waiting.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves once `ms` of this clock's time has passed. */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
