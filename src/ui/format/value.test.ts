import { describe, expect, it } from 'vitest';
import { formatValue } from './value';

describe('formatValue, by FHIR element type', () => {
  it('formats each data type with its own formatter', () => {
    const timeZone = 'America/New_York';
    expect(formatValue({ given: ['Ana'], family: 'Morales' }, 'HumanName')).toBe('Ana Morales');
    expect(formatValue({ city: 'Austin', state: 'TX', postalCode: '78701' }, 'Address')).toBe(
      'Austin, TX 78701'
    );
    expect(formatValue({ coding: [{ code: 'stat' }] }, 'CodeableConcept')).toBe('stat');
    expect(formatValue({ code: 'K', display: 'Potassium' }, 'Coding')).toBe('Potassium');
    expect(formatValue({ reference: 'Patient/1' }, 'Reference')).toBe('Patient/1');
    expect(formatValue({ value: 5, unit: 'mg' }, 'Quantity')).toBe('5 mg');
    // UCUM's 'a' (annum) reads as people write a year of age.
    expect(formatValue({ value: 42, unit: 'a' }, 'Age')).toBe('42 y');
    expect(formatValue({ low: { value: 1 }, high: { value: 2 } }, 'Range')).toBe('1 – 2');
    expect(formatValue({ numerator: { value: 1 }, denominator: { value: 2 } }, 'Ratio')).toBe('1 / 2');
    expect(formatValue({ value: 3, currency: 'USD' }, 'Money', { locale: 'en-US' })).toBe('$3.00');
    expect(formatValue({ value: '42', system: 'urn:mrn' }, 'Identifier')).toBe('42 (urn:mrn)');
    expect(formatValue({ value: '555-0100', system: 'phone' }, 'ContactPoint')).toBe('555-0100 (phone)');
    expect(formatValue({ repeat: { periodUnit: 'wk' } }, 'Timing')).toBe('Weekly');
    expect(formatValue({ start: '2024-03-02T09:30:00Z' }, 'Period', { timeZone })).toBe('2024-03-02 04:30');
    expect(formatValue('2024-03-02T09:30:00Z', 'instant', { timeZone })).toBe('2024-03-02 04:30');
    expect(formatValue('2024-03-02T09:30:00Z', 'dateTime', { timeZone })).toBe('2024-03-02 04:30');
    expect(formatValue('1980-05-01', 'date', { timeZone: 'Pacific/Honolulu' })).toBe('1980-05-01');
    expect(formatValue('09:30:00', 'time')).toBe('09:30');
    expect(formatValue({ text: 'Seen today' }, 'Annotation')).toBe('Seen today');
    expect(formatValue({ title: 'scan.pdf' }, 'Attachment')).toBe('scan.pdf');
  });

  it('shows primitives as written and lists joined', () => {
    expect(formatValue(true, 'boolean')).toBe('true');
    expect(formatValue(7, 'integer')).toBe('7');
    expect(formatValue('final', 'code')).toBe('final');
    expect(formatValue([{ text: 'A' }, { text: 'B' }], 'CodeableConcept')).toBe('A, B');
    expect(formatValue(undefined, 'HumanName')).toBe('');
  });

  it('has no one-line form for structures shown field by field', () => {
    expect(formatValue({ versionId: '1' }, 'Meta')).toBeUndefined();
    expect(formatValue([{ url: 'x' }], 'Extension')).toBeUndefined();
    expect(formatValue({ id: 'x' }, 'BackboneElement')).toBeUndefined();
  });
});
