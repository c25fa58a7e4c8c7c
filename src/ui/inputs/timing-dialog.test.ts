import { describe, expect, it } from 'vitest';
import { draftFromTiming, repeatPeriod, timingFromDraft } from './timing-dialog';

describe('the Timing dialog rules', () => {
  it('falls back to a repeat period of 1 when the typed one is invalid', () => {
    expect(repeatPeriod('3')).toBe(3);
    expect(repeatPeriod('0.5')).toBe(0.5);
    for (const text of ['', 'abc', '0', '-2', 'Infinity']) expect(repeatPeriod(text)).toBe(1);
  });

  it('reads a timing into the dialog and writes it back unchanged', () => {
    const timing = {
      event: ['2024-03-04T09:30:00.000Z'],
      repeat: { period: 2, periodUnit: 'wk' as const, dayOfWeek: ['mon' as const, 'fri' as const], count: 4 },
      code: { text: 'BID' },
    };
    const draft = draftFromTiming(timing);
    expect(draft).toEqual({
      startsOn: '2024-03-04T09:30',
      repeat: true,
      period: '2',
      periodUnit: 'wk',
      dayOfWeek: ['mon', 'fri'],
    });
    expect(timingFromDraft(draft, timing)).toEqual(timing);
  });

  it('keeps days of the week only when the unit is weeks, and drops the repeat when it is off', () => {
    const draft = {
      startsOn: '',
      repeat: true,
      period: 'x',
      periodUnit: 'd' as const,
      dayOfWeek: ['mon' as const],
    };
    expect(timingFromDraft(draft, undefined)).toEqual({ repeat: { period: 1, periodUnit: 'd' } });
    expect(timingFromDraft({ ...draft, repeat: false }, undefined)).toBeUndefined();
  });

  it('starts a new timing as a daily repeat with no start', () => {
    expect(draftFromTiming(undefined)).toEqual({
      startsOn: '',
      repeat: false,
      period: '1',
      periodUnit: 'd',
      dayOfWeek: [],
    });
  });
});
