import { describe, expect, it } from 'vitest';
import { referenceSearchParameter, referenceSearchQuery, targetTypeName } from './reference-search';

describe('how the reference picker searches', () => {
  it('uses a name-like parameter by type, else the id, at most 10 matches', () => {
    const types = ['Patient', 'Organization', 'Device', 'Observation', 'User', 'Encounter'];
    expect(types.map(referenceSearchParameter)).toEqual([
      'name',
      'name',
      'device-name',
      'code',
      'email:contains',
      '_id',
    ]);
    expect(referenceSearchQuery('Practitioner', 'smi')).toEqual({ name: 'smi', _count: '10' });
  });

  it('names a target type by its profile URL', () => {
    expect(targetTypeName('http://hl7.org/fhir/StructureDefinition/Practitioner')).toBe('Practitioner');
  });
});
