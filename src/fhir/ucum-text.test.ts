import { describe, expect, it } from 'vitest';
import { quantityUnitText, ucumUnitText } from './ucum-text';

const UCUM = 'http://unitsofmeasure.org';

describe('UCUM units as people read them', () => {
  it.each([
    ['Cel', '°C'],
    ['[degF]', '°F'],
    ['mm[Hg]', 'mmHg'],
    ['/min', '/min'],
    ['kg/m2', 'kg/m²'],
    ['%', '%'],
    ['{beats}/min', 'beats/min'],
    ['kg', 'kg'],
    ['cm', 'cm'],
    ['10*3/uL', '10³/µL'],
    ['ug/dL', 'µg/dL'],
    ['mg.h', 'mg·h'],
    ['[in_i]', 'in'],
    ['[lb_av]', 'lb'],
    ['m[IU]/L', 'mIU/L'],
    ['mmol/L', 'mmol/L'],
    ['cm[H2O]', 'cmH₂O'],
    ['m-2', 'm⁻²'],
    ['1', ''],
  ])('%s reads %s', (code, text) => {
    expect(ucumUnitText(code)).toBe(text);
  });

  it('shows a unit it cannot read term by term as written', () => {
    expect(ucumUnitText('beats per minute')).toBe('beats per minute');
    expect(ucumUnitText('mg//dL')).toBe('mg//dL');
  });

  it('prefers the human unit, rewrites UCUM (or no system), and leaves other systems alone', () => {
    expect(quantityUnitText({ unit: 'Cel', system: UCUM, code: 'Cel' })).toBe('°C');
    expect(quantityUnitText({ system: UCUM, code: 'mm[Hg]' })).toBe('mmHg');
    expect(quantityUnitText({ unit: 'beats/minute', system: UCUM, code: '/min' })).toBe('beats/minute');
    expect(quantityUnitText({ unit: 'kg/m2' })).toBe('kg/m²');
    expect(quantityUnitText({ unit: 'Cel', system: 'http://example.org/units', code: 'Cel' })).toBe('Cel');
    expect(quantityUnitText({})).toBe('');
  });
});
