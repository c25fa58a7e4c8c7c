import { describe, expect, it } from 'vitest';
import { formatContactPoint, formatIdentifier, formatReference } from './identifier';

describe('identifiers, contacts and references', () => {
  it('names an identifier by its type, else its system', () => {
    expect(
      formatIdentifier({
        type: { text: 'NPI' },
        system: 'http://hl7.org/fhir/sid/us-npi',
        value: '1482039571',
      })
    ).toBe('NPI: 1482039571');
    expect(formatIdentifier({ system: 'urn:mrn', value: '42' })).toBe('42 (urn:mrn)');
    expect(formatIdentifier({ value: '42' })).toBe('42');
    expect(formatIdentifier({ system: 'urn:mrn' })).toBe('');
  });

  it('shows a contact with its kind and use', () => {
    expect(formatContactPoint({ system: 'phone', use: 'work', value: '555-0100' })).toBe(
      '555-0100 (phone, work)'
    );
    expect(formatContactPoint({ system: 'email', value: 'a@example.com' })).toBe('a@example.com (email)');
    expect(formatContactPoint(undefined)).toBe('');
  });

  it('shows a reference’s display, else the reference, else its identifier', () => {
    expect(formatReference({ reference: 'Patient/1', display: 'Ana Morales' })).toBe('Ana Morales');
    expect(formatReference({ reference: 'Patient/1', display: '' })).toBe('Patient/1');
    expect(formatReference({ identifier: { system: 'urn:mrn', value: '42' } })).toBe('42 (urn:mrn)');
    expect(formatReference(undefined)).toBe('');
  });
});
