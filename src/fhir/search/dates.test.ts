import { describe, expect, it } from 'vitest';
import { parseDateRange } from './dates';

const utc = (s: string): number => Date.parse(s);

describe('parseDateRange', () => {
  it('reads a year, month or day as the whole period', () => {
    expect(parseDateRange('2024')).toEqual({
      start: utc('2024-01-01T00:00:00Z'),
      end: utc('2025-01-01T00:00:00Z'),
    });
    expect(parseDateRange('2024-02')).toEqual({
      start: utc('2024-02-01T00:00:00Z'),
      end: utc('2024-03-01T00:00:00Z'),
    });
    expect(parseDateRange('2024-12-31')).toEqual({
      start: utc('2024-12-31T00:00:00Z'),
      end: utc('2025-01-01T00:00:00Z'),
    });
  });

  it('reads instants to their precision and honours the zone', () => {
    expect(parseDateRange('2024-05-01T10:00:00Z')).toEqual({
      start: utc('2024-05-01T10:00:00Z'),
      end: utc('2024-05-01T10:00:01Z'),
    });
    expect(parseDateRange('2024-05-01T10:00:00.250+02:00')?.start).toBe(utc('2024-05-01T08:00:00.250Z'));
    expect(parseDateRange('2024-05-01T10:00')?.end).toBe(utc('2024-05-01T10:01:00Z'));
  });

  it('rejects what is not a date', () => {
    for (const bad of ['notadate', '2024-13', '2024-02-30', '24-01-01', '2024-01-01T25:00:00Z', '']) {
      expect(parseDateRange(bad)).toBeUndefined();
    }
  });
});
