import type { Observation, Quantity } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { dueDateIssues, plausibilityIssues, quantityIssues } from './plausible-values';

const now = new Date('2026-06-15T12:00:00Z');
const q = (value: number, code: string): Quantity => ({
  value,
  code,
  unit: code,
  system: 'http://unitsofmeasure.org',
});
/** 'ok', 'confirm' or 'refused': what a form does with the value. */
const verdict = (loinc: string, value: number, unit: string): string => {
  const issues = quantityIssues([loinc], q(value, unit), 'Observation.valueQuantity');
  if (issues.length === 0) return 'ok';
  return issues[0]?.severity === 'error' ? 'refused' : 'confirm';
};

describe('plausible vital signs, by LOINC code and unit', () => {
  it.each([
    ['heart rate', '8867-4', '/min', [72, 0, 300, -1], ['ok', 'refused', 'confirm', 'refused']],
    ['respiratory rate', '9279-1', '/min', [16, 0, 80], ['ok', 'refused', 'confirm']],
    ['temperature in Cel', '8310-5', 'Cel', [37, 0, 45, 25], ['ok', 'refused', 'confirm', 'confirm']],
    ['temperature in [degF]', '8310-5', '[degF]', [98.6, 30, 115], ['ok', 'refused', 'confirm']],
    ['SpO2 2708-6', '2708-6', '%', [97, 101, 0, 40], ['ok', 'refused', 'refused', 'confirm']],
    ['SpO2 59408-5', '59408-5', '%', [97, 100.5, 45], ['ok', 'refused', 'confirm']],
    ['systolic', '8480-6', 'mm[Hg]', [120, 0, 300], ['ok', 'refused', 'confirm']],
    ['diastolic', '8462-4', 'mm[Hg]', [80, -3, 10], ['ok', 'refused', 'confirm']],
    ['weight in kg', '29463-7', 'kg', [70, 0, 500], ['ok', 'refused', 'confirm']],
    ['weight in [lb_av]', '29463-7', '[lb_av]', [154, 0, 900], ['ok', 'refused', 'confirm']],
    ['height in cm', '8302-2', 'cm', [170, 0, 300], ['ok', 'refused', 'confirm']],
    ['height in [in_i]', '8302-2', '[in_i]', [67, 0, 120], ['ok', 'refused', 'confirm']],
    ['BMI', '39156-5', 'kg/m2', [24, 0, 95], ['ok', 'refused', 'confirm']],
  ] as const)('%s', (_name, loinc, unit, values, expected) => {
    expect(values.map((value) => verdict(loinc, value, unit))).toEqual(expected);
  });

  it('names the unit as people write it, not its UCUM code', () => {
    const text = (loinc: string, value: number, unit: string) =>
      quantityIssues([loinc], q(value, unit), 'Observation.valueQuantity')[0]?.details?.text;
    expect(text('8310-5', 45, 'Cel')).toBe(
      'Body temperature of 45 °C is outside 30–43 °C: check it, or save anyway'
    );
    expect(text('8462-4', 0, 'mm[Hg]')).toBe('Diastolic blood pressure must be above 0 mmHg');
    expect(text('2708-6', 101, '%')).toBe("Oxygen saturation can't be over 100 %");
  });

  it('leaves a code or unit it has no rule for alone', () => {
    expect(verdict('9843-4', -1, 'cm')).toBe('ok');
    expect(verdict('8867-4', 999, 'Hz')).toBe('ok');
  });

  it('judges the blood pressure panel by its components, each under its own field', () => {
    const panel: Observation = {
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '85354-9' }] },
      component: [
        {
          code: { coding: [{ system: 'http://loinc.org', code: '8480-6' }] },
          valueQuantity: q(120, 'mm[Hg]'),
        },
        { code: { coding: [{ system: 'http://loinc.org', code: '8462-4' }] }, valueQuantity: q(0, 'mm[Hg]') },
      ],
    };
    expect(plausibilityIssues(panel, now)).toEqual([
      expect.objectContaining({
        severity: 'error',
        expression: ['Observation.component[1].valueQuantity.value'],
      }),
    ]);
  });
});

describe('a patient is not born in the future', () => {
  it.each([
    ['1980-05-01', 0],
    ['2026-06-15', 0],
    ['2026', 0],
    ['2026-06-16', 1],
    ['2027', 1],
  ])('%s', (birthDate, count) => {
    const issues = plausibilityIssues({ resourceType: 'Patient', birthDate }, now);
    expect(issues).toHaveLength(count);
    if (count) expect(issues[0]).toMatchObject({ severity: 'error', expression: ['Patient.birthDate'] });
  });
});

describe("a task's due date asks to confirm when past or more than 2 years ahead", () => {
  it.each([
    ['2026-07-01T23:59:00.000Z', 0],
    ['2026-06-01T23:59:00.000Z', 1],
    ['2028-06-01T23:59:00.000Z', 0],
    ['2028-07-01T23:59:00.000Z', 1],
  ])('%s', (end, count) => {
    const issues = plausibilityIssues(
      { resourceType: 'Task', status: 'ready', intent: 'order', restriction: { period: { end } } },
      now
    );
    expect(issues).toHaveLength(count);
    if (count)
      expect(issues[0]).toMatchObject({ severity: 'warning', expression: ['Task.restriction.period.end'] });
  });

  it('reads a bare day as that whole day', () => {
    expect(dueDateIssues('2026-06-15', now)).toEqual([]);
  });
});
