import type { Patient, Provenance, QuestionnaireResponse } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { clientIdentifier, withClientIdentifier } from './client-identifier';
import { CLIENT_ID_SYSTEM } from './types';

describe('the client identifier of a create', () => {
  it('is appended to a list of identifiers, replacing an earlier one', () => {
    const patient: Patient = {
      resourceType: 'Patient',
      identifier: [
        { system: 'mrn', value: '1' },
        { system: CLIENT_ID_SYSTEM, value: 'old' },
      ],
    };
    const marked = withClientIdentifier(patient, 'new');
    expect(marked.identifier).toEqual([
      { system: 'mrn', value: '1' },
      { system: CLIENT_ID_SYSTEM, value: 'new' },
    ]);
    expect(clientIdentifier(marked)).toBe('new');
  });

  it('is the one identifier of a QuestionnaireResponse, which R4 allows only one', () => {
    const marked = withClientIdentifier<QuestionnaireResponse>(
      { resourceType: 'QuestionnaireResponse', status: 'in-progress' },
      'c1'
    );
    expect(marked.identifier).toEqual({ system: CLIENT_ID_SYSTEM, value: 'c1' });
    expect(clientIdentifier(marked)).toBe('c1');
  });

  it('is left off a type that has no identifier, which the server would refuse', () => {
    const event: Provenance = {
      resourceType: 'Provenance',
      recorded: '2026-01-01T00:00:00Z',
      target: [{ reference: 'Patient/p1' }],
      agent: [{ who: { reference: 'Practitioner/d1' } }],
    };
    const marked = withClientIdentifier(event, 'c3');
    expect(marked).toEqual(event);
    expect(clientIdentifier(marked)).toBeUndefined();
  });

  it("leaves a single-identifier type's own identifier in place", () => {
    const own = { system: 'https://forms.example', value: 'F-7' };
    const marked = withClientIdentifier<QuestionnaireResponse>(
      { resourceType: 'QuestionnaireResponse', status: 'completed', identifier: own },
      'c2'
    );
    expect(marked.identifier).toEqual(own);
    expect(clientIdentifier(marked)).toBeUndefined();
  });
});
