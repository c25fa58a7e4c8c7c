import { describe, expect, it } from 'vitest';
import { dataTypeText, elementTypeOf, fieldLabel } from './format';

describe('console values without a schema', () => {
  it('names the data type of a value by its shape', () => {
    expect(elementTypeOf({ reference: 'Patient/1' })).toBe('Reference');
    expect(elementTypeOf({ coding: [{ code: 'x' }] })).toBe('CodeableConcept');
    expect(elementTypeOf({ given: ['Ana'] })).toBe('HumanName');
    expect(elementTypeOf({ system: 'http://loinc.org', code: '2823-3' })).toBe('Coding');
    expect(elementTypeOf({ value: 5, unit: 'mg' })).toBe('Quantity');
    expect(elementTypeOf({ system: 'phone', value: '555-0100' })).toBe('ContactPoint');
    expect(elementTypeOf({ system: 'urn:mrn', value: '42' })).toBe('Identifier');
    expect(elementTypeOf({ start: '2024-03-01' })).toBe('Period');
    expect(elementTypeOf({ city: 'Austin' })).toBe('Address');
    expect(elementTypeOf({ versionId: '1', lastUpdated: '2024-03-01T00:00:00Z' })).toBeUndefined();
  });

  it('shows known types on one line with the shared formatter, times in the user’s zone', () => {
    expect(dataTypeText({ given: ['Ana'], family: 'Morales' })).toBe('Ana Morales');
    expect(dataTypeText({ start: '2024-03-02T09:30:00+02:00' })).toBe('2024-03-02 07:30');
    expect(dataTypeText({ line: ['1 Main St'], city: 'Austin', state: 'TX', postalCode: '78701' })).toBe(
      '1 Main St, Austin, TX 78701'
    );
    expect(dataTypeText('final')).toBe('final');
    expect(dataTypeText(undefined)).toBe('');
    expect(dataTypeText({ versionId: '1' })).toBeUndefined();
  });

  it('labels fields in words', () => {
    expect(fieldLabel('valueQuantity')).toBe('Value Quantity');
    expect(fieldLabel('_lastUpdated')).toBe('Last Updated');
  });
});
