import { FhirError } from '../engine/outcome';
import type { Clock } from '../engine/types';

/** Wrong passwords (or MFA codes) allowed for one account within the window before it is held. */
export const FAILURE_LIMIT = 10;
/** The window failures are counted in, and how long an account stays held once it reaches the limit. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** How many accounts' failures are remembered at most; the oldest are forgotten first. */
const MAX_TRACKED = 10_000;

interface Record {
  /** Failure times (ms on the server's clock) within the window, oldest first. */
  failures: number[];
  /** Set when the limit was reached: attempts are refused until then. */
  heldUntil?: number;
}

/**
 * Counts failed sign-in steps per account (the e-mail, known or not, so the answer does not tell
 * which accounts exist): after FAILURE_LIMIT failures within THROTTLE_WINDOW_MS every attempt is a
 * 429 until the window has passed, however right the password. Kept in memory: a restart forgets it.
 */
export class SignInThrottle {
  private readonly records = new Map<string, Record>();

  constructor(private readonly clock: Clock) {}

  /** Throws 429 while the account is held. */
  check(key: string): void {
    const record = this.records.get(key);
    const now = this.clock.now();
    if (record?.heldUntil === undefined) return;
    if (record.heldUntil <= now) {
      this.records.delete(key);
      return;
    }
    const minutes = Math.ceil((record.heldUntil - now) / 60_000);
    throw new FhirError(
      429,
      `Too many failed attempts for this account; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      'throttled'
    );
  }

  fail(key: string): void {
    const now = this.clock.now();
    const record = this.records.get(key) ?? { failures: [] };
    this.records.delete(key);
    record.failures = record.failures.filter((time) => time > now - THROTTLE_WINDOW_MS);
    record.failures.push(now);
    if (record.failures.length >= FAILURE_LIMIT) record.heldUntil = now + THROTTLE_WINDOW_MS;
    this.records.set(key, record);
    if (this.records.size > MAX_TRACKED) {
      const oldest = this.records.keys().next().value;
      if (oldest !== undefined) this.records.delete(oldest);
    }
  }

  succeed(key: string): void {
    this.records.delete(key);
  }
}
