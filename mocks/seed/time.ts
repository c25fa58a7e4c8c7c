/** Timestamps relative to the seed's "now". */
const MINUTE_MS = 60_000;
export const HOUR_MINUTES = 60;
export const DAY_MINUTES = 24 * HOUR_MINUTES;

/** An instant `minutes` after (or before, when negative) `now`, as an ISO 8601 timestamp. */
export function minutesFrom(now: Date, minutes: number): string {
  return new Date(now.getTime() + Math.round(minutes) * MINUTE_MS).toISOString();
}

/** Minutes between two ISO timestamps (b - a). */
export function minutesBetween(a: string, b: string): number {
  return (Date.parse(b) - Date.parse(a)) / MINUTE_MS;
}

/** The date part (YYYY-MM-DD) of a date `days` after `now`. */
export function dateFrom(now: Date, days: number): string {
  return minutesFrom(now, days * DAY_MINUTES).slice(0, 10);
}
