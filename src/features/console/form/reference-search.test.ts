import { describe, expect, it } from 'vitest';
import { referenceSearchParameter, referenceSearchQuery, targetTypeName } from './reference-search';

describe('how the reference picker searches', () => {
  it('uses a name-like parameter by type, else the id, at most 10 matches', () => {
    expect(referenceSearchParameter('Patient')).toBe('name');
    expect(referenceSearchParameter('Organization')).toBe('name');
    expect(referenceSearchParameter('Device')).toBe('device-name');
    expect(referenceSearchParameter('Observation')).toBe('code');
    expect(referenceSearchParameter('User')).toBe('email:contains');
    expect(referenceSearchParameter('Encounter')).toBe('_id');
    expect(referenceSearchQuery('Practitioner', 'smi')).toEqual({ name: 'smi', _count: '10' });
  });

  it('names a target type by its profile URL', () => {
    expect(targetTypeName('http://hl7.org/fhir/StructureDefinition/Practitioner')).toBe('Practitioner');
  });
});
