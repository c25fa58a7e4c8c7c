import { describe, expect, it } from 'vitest';
import { formatTiming } from './timing';

describe('formatTiming', () => {
  it('says how often, on which days and at what times', () => {
    expect(formatTiming({ repeat: { frequency: 1, period: 1, periodUnit: 'd' } })).toBe('Daily');
    expect(
      formatTiming({
        repeat: { frequency: 3, period: 1, periodUnit: 'd', dayOfWeek: ['mon'], timeOfDay: ['08:00:00'] },
      })
    ).toBe('3 times per day on Mon at 08:00');
  });

  it('lists its events in the user’s zone, and falls back to its code', () => {
    expect(formatTiming({ event: ['2024-03-02T09:30:00Z'] }, { timeZone: 'America/New_York' })).toBe(
      '2024-03-02 04:30'
    );
    expect(formatTiming({ code: { coding: [{ code: 'BID', display: 'Twice a day' }] } })).toBe('Twice a day');
    expect(formatTiming(undefined)).toBe('');
  });
});
