import { describe, expect, it } from 'vitest';
import { formatMoney, formatQuantity, formatQuantityValue, formatRange, formatRatio } from './quantity';

const UCUM = 'http://unitsofmeasure.org';
const PRECISION = 'http://hl7.org/fhir/StructureDefinition/quantity-precision';

describe('amounts', () => {
  it('shows a quantity with its comparator and unit, the unit code when there is no unit', () => {
    expect(formatQuantity({ value: 5.1, unit: 'mmol/L' })).toBe('5.1 mmol/L');
    expect(formatQuantity({ comparator: '<', value: 5, unit: 'mg' })).toBe('< 5 mg');
    expect(formatQuantity({ value: 98, unit: '%' })).toBe('98%');
    expect(formatQuantity({ value: 2, code: 'mg' })).toBe('2 mg');
    expect(formatQuantity({ unit: 'mg' })).toBe('');
  });

  it('writes UCUM units as people read them, keeping the stored code', () => {
    const temperature = { value: 37.2, unit: 'Cel', system: UCUM, code: 'Cel' };
    expect(formatQuantity(temperature)).toBe('37.2 °C');
    expect(temperature.code).toBe('Cel');
    expect(formatQuantity({ value: 98.6, unit: '[degF]', system: UCUM, code: '[degF]' })).toBe('98.6 °F');
    expect(formatQuantity({ value: 120, system: UCUM, code: 'mm[Hg]' })).toBe('120 mmHg');
    expect(formatQuantity({ value: 72, unit: '/min', system: UCUM, code: '/min' })).toBe('72 /min');
    expect(formatQuantity({ value: 24.1, unit: 'kg/m2', system: UCUM, code: 'kg/m2' })).toBe('24.1 kg/m²');
    expect(formatQuantity({ value: 97, unit: '%', system: UCUM, code: '%' })).toBe('97%');
  });

  it('keeps the decimal places a value was recorded with, and never rounds one away', () => {
    const recorded = (value: number, places: number) => ({
      value,
      _value: { extension: [{ url: PRECISION, valueInteger: places }] },
      unit: 'Cel',
      system: UCUM,
      code: 'Cel',
    });
    expect(formatQuantity(recorded(37, 1))).toBe('37.0 °C');
    expect(formatQuantityValue(recorded(98.6, 2))).toBe('98.60');
    expect(formatQuantityValue({ value: 37 })).toBe('37');
    expect(formatQuantityValue({ value: 36.123456 })).toBe('36.123456');
    expect(formatQuantityValue(undefined)).toBe('');
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
