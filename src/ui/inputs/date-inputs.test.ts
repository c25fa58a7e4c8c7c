import { describe, expect, it } from 'vitest';
import { fromLocalInput, toFhirTime, toLocalInput } from './date-inputs';
import { toFhirNumber } from './NumberInput';

// Tests run in UTC.
describe('date, time and number inputs', () => {
  it('shows a date-time in local time and stores what was typed as an instant', () => {
    const stored = ['2024-03-02T09:30:00+02:00', '2024-03-02T07:30:05Z', '2024-03', 'nonsense'];
    expect(stored.map(toLocalInput)).toEqual([
      '2024-03-02T07:30',
      '2024-03-02T07:30:05',
      '2024-03-01T00:00',
      '',
    ]);
    expect(['2024-03-02T07:30', ''].map(fromLocalInput)).toEqual(['2024-03-02T07:30:00.000Z', undefined]);
  });

  it('gives times their seconds', () => {
    expect(['08:15', '08:15:30', ''].map(toFhirTime)).toEqual(['08:15:00', '08:15:30', undefined]);
  });

  it('takes no fraction as an integer, and drops what is not a number', () => {
    expect([
      toFhirNumber('2.6', 'integer'),
      toFhirNumber('2.6', 'decimal'),
      toFhirNumber('', 'decimal'),
    ]).toEqual([undefined, 2.6, undefined]);
  });
});
