import { describe, expect, it } from 'vitest';
import { formatCodeableConcept, formatCodeableConcepts, formatCoding } from './concept';

const potassium = { system: 'http://loinc.org', code: '2823-3', display: 'Potassium' };

describe('codes and concepts', () => {
  it('reads a coding by its display, else its code, with the code when asked', () => {
    expect(formatCoding(potassium)).toBe('Potassium');
    expect(formatCoding(potassium, { includeCode: true })).toBe('Potassium (2823-3)');
    expect(formatCoding({ code: 'HH' })).toBe('HH');
    expect(formatCoding(undefined)).toBe('');
  });

  it('reads a concept by its text, else its first coding', () => {
    expect(formatCodeableConcept({ text: 'K+', coding: [potassium] })).toBe('K+');
    expect(formatCodeableConcept({ coding: [potassium, { code: 'K' }] })).toBe('Potassium');
    expect(formatCodeableConcept({ coding: [{ code: 'stat' }] })).toBe('stat');
    expect(formatCodeableConcept(undefined)).toBe('');
  });

  it('joins several concepts, leaving out empty ones', () => {
    expect(formatCodeableConcepts([{ text: 'Doctor' }, {}, { coding: [{ display: 'Nurse' }] }])).toBe(
      'Doctor, Nurse'
    );
    expect(formatCodeableConcepts(undefined)).toBe('');
  });
});
