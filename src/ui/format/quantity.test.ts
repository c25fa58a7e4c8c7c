import { describe, expect, it } from 'vitest';
import { formatMoney, formatQuantity, formatRange, formatRatio } from './quantity';

describe('amounts', () => {
  it('shows a quantity with its comparator and unit, the unit code when there is no unit', () => {
    expect(formatQuantity({ value: 5.1, unit: 'mmol/L' })).toBe('5.1 mmol/L');
    expect(formatQuantity({ comparator: '<', value: 5, unit: 'mg' })).toBe('< 5 mg');
    expect(formatQuantity({ value: 98, unit: '%' })).toBe('98%');
    expect(formatQuantity({ value: 2, code: 'mg' })).toBe('2 mg');
    expect(formatQuantity({ unit: 'mg' })).toBe('');
  });

  it('shows a range with each bound’s unit, or one bound with its direction', () => {
    const low = { value: 3.5, unit: 'mmol/L' };
    const high = { value: 5.1, unit: 'mmol/L' };
    expect(formatRange({ low, high })).toBe('3.5 mmol/L – 5.1 mmol/L');
    expect(formatRange({ low })).toBe('>= 3.5 mmol/L');
    expect(formatRange({ high: { ...high, comparator: '<' } })).toBe('<= 5.1 mmol/L');
    expect(formatRange({})).toBe('');
  });

  it('shows a ratio as numerator / denominator', () => {
    expect(formatRatio({ numerator: { value: 1, unit: 'mg' }, denominator: { value: 2, unit: 'mL' } })).toBe(
      '1 mg / 2 mL'
    );
    expect(formatRatio({ numerator: { value: 1, unit: 'mg' } })).toBe('1 mg');
    expect(formatRatio(undefined)).toBe('');
  });

  it('shows money in its currency as the locale writes it', () => {
    expect(formatMoney({ value: 1234.5, currency: 'USD' }, { locale: 'en-US' })).toBe('$1,234.50');
    expect(formatMoney({ value: 1234.5, currency: 'EUR' }, { locale: 'de-DE' })).toBe('1.234,50\u00a0€');
    expect(formatMoney({ value: 12 }, { locale: 'en-US' })).toBe('12');
    expect(formatMoney({ currency: 'USD' })).toBe('');
  });
});
