import { badRequest } from './outcome';

/** An integer query parameter, clamped to [min, max]; the fallback when absent; 400 when not an integer. */
export function clampInt(raw: string | null, fallback: number, min: number, max: number): number {
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw badRequest(`Expected an integer, got '${raw}'`);
  return Math.min(Math.max(value, min), max);
}
