import { describe, expect, it } from 'vitest';
import {
  bloodPressureObservation,
  finiteValue,
  isSmokingStatus,
  SMOKING_OPTIONS,
  smokingObservation,
  smokingOptionOf,
  VITAL_SIGNS,
  vitalSignOf,
  vitalObservation,
} from './clinical-rules';

const recorded = { subject: { reference: 'Patient/p1' }, effectiveDateTime: '2024-05-01T10:00:00Z' };

describe('vital values', () => {
  it.each([
    ['72', 72],
    [36.6, 36.6],
    ['0', 0],
    ['', undefined],
    ['  ', undefined],
    ['1.', 1],
    ['abc', undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    [undefined, undefined],
  ])('%j is kept as %j', (given, kept) => {
    expect(finiteValue(given)).toBe(kept);
  });

  it('records each of the nine vital signs with its LOINC code and unit', () => {
    expect(VITAL_SIGNS.map((sign) => `${sign.code} ${sign.unit}`)).toEqual([
      '85354-9 mm[Hg]',
      '8867-4 /min',
      '8310-5 Cel',
      '9279-1 /min',
      '8302-2 cm',
      '29463-7 kg',
      '39156-5 kg/m2',
      '2708-6 %',
      '9843-4 cm',
    ]);
    const heartRate = vitalObservation(VITAL_SIGNS[1]!, '72', recorded);
    expect(heartRate).toMatchObject({
      resourceType: 'Observation',
      status: 'preliminary',
      code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
      category: [{ coding: [{ code: 'vital-signs' }] }],
      valueQuantity: { value: 72, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' },
      subject: { reference: 'Patient/p1' },
    });
    expect(vitalObservation(VITAL_SIGNS[1]!, 'fast', recorded)).toBeUndefined();
  });
});

describe('decimal places as typed', () => {
  const PRECISION = 'http://hl7.org/fhir/StructureDefinition/quantity-precision';

  it('keeps the places a typed value has beyond its number (37.0, 98.60), and adds nothing otherwise', () => {
    const temperature = vitalObservation(VITAL_SIGNS[2]!, '37.0', recorded);
    expect(temperature?.valueQuantity).toEqual({
      value: 37,
      _value: { extension: [{ url: PRECISION, valueInteger: 1 }] },
      unit: 'Cel',
      system: 'http://unitsofmeasure.org',
      code: 'Cel',
    });
    const pressure = bloodPressureObservation({ systolic: '120.50', diastolic: '80' }, recorded);
    expect(pressure?.component?.[0]?.valueQuantity).toMatchObject({
      value: 120.5,
      _value: { extension: [{ url: PRECISION, valueInteger: 2 }] },
    });
    expect(pressure?.component?.[1]?.valueQuantity).not.toHaveProperty('_value');
    expect(vitalObservation(VITAL_SIGNS[2]!, '37.2', recorded)?.valueQuantity).not.toHaveProperty('_value');
    expect(vitalObservation(VITAL_SIGNS[2]!, 37, recorded)?.valueQuantity).not.toHaveProperty('_value');
  });
});

describe('blood pressure', () => {
  it('has a component for each valid reading', () => {
    const both = bloodPressureObservation({ systolic: '120', diastolic: 80 }, recorded);
    expect(both?.code.coding?.[0]?.code).toBe('85354-9');
    expect(both?.component?.map((part) => [part.code.coding?.[0]?.code, part.valueQuantity?.value])).toEqual([
      ['8480-6', 120],
      ['8462-4', 80],
    ]);
  });

  it('is saved with one valid reading, and not at all with none', () => {
    const systolicOnly = bloodPressureObservation({ systolic: '130', diastolic: '' }, recorded);
    expect(systolicOnly?.component).toHaveLength(1);
    expect(bloodPressureObservation({ systolic: 'x', diastolic: Number.NaN }, recorded)).toBeUndefined();
  });
});

describe('smoking status', () => {
  it('offers the eight answers', () => {
    expect(SMOKING_OPTIONS.map((option) => option.display)).toHaveLength(8);
    expect(new Set(SMOKING_OPTIONS.map((option) => option.code)).size).toBe(8);
  });
});

describe('smoking status observation', () => {
  it('is a final social-history observation of 72166-2 with one of the eight answers', () => {
    const observation = smokingObservation('8517006', recorded);
    expect(observation).toMatchObject({
      status: 'final',
      category: [{ coding: [{ code: 'social-history' }] }],
      code: { coding: [{ system: 'http://loinc.org', code: '72166-2' }] },
      valueCodeableConcept: {
        coding: [{ system: 'http://snomed.info/sct', code: '8517006', display: 'Ex-smoker' }],
      },
    });
    expect(isSmokingStatus(observation!)).toBe(true);
    expect(smokingOptionOf(observation!)?.display).toBe('Ex-smoker');
    expect(smokingObservation('not-an-option', recorded)).toBeUndefined();
  });

  it('tells vital signs from smoking status by code', () => {
    const weight = vitalObservation(VITAL_SIGNS[5]!, '81.5', recorded)!;
    expect(vitalSignOf(weight)?.display).toBe('Body weight');
    expect(isSmokingStatus(weight)).toBe(false);
    expect(vitalSignOf(smokingObservation('266919005', recorded)!)).toBeUndefined();
  });
});
