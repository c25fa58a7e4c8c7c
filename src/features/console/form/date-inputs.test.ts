import { describe, expect, it } from 'vitest';
import { fromLocalInput, toFhirNumber, toFhirTime, toLocalInput } from './date-inputs';

// Tests run in UTC.
describe('date, time and number inputs', () => {
  it('shows a date-time in local time and stores what was typed as an instant', () => {
    expect(toLocalInput('2024-03-02T09:30:00+02:00')).toBe('2024-03-02T07:30');
    expect(toLocalInput('2024-03-02T07:30:05Z')).toBe('2024-03-02T07:30:05');
    expect(toLocalInput('2024-03')).toBe('2024-03-01T00:00');
    expect(toLocalInput('nonsense')).toBe('');
    expect(fromLocalInput('2024-03-02T07:30')).toBe('2024-03-02T07:30:00.000Z');
    expect(fromLocalInput('')).toBeUndefined();
  });

  it('gives times their seconds', () => {
    expect(toFhirTime('08:15')).toBe('08:15:00');
    expect(toFhirTime('08:15:30')).toBe('08:15:30');
    expect(toFhirTime('')).toBeUndefined();
  });

  it('keeps integers whole and drops what is not a number', () => {
    expect(toFhirNumber('2.6', true)).toBe(3);
    expect(toFhirNumber('2.6', false)).toBe(2.6);
    expect(toFhirNumber('', false)).toBeUndefined();
  });
});
