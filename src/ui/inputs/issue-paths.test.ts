import type { OperationOutcome } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { expressionMatchesPath, fieldErrorText, issuesForPath } from './issue-paths';

const outcome: OperationOutcome = {
  resourceType: 'OperationOutcome',
  issue: [
    {
      severity: 'error',
      code: 'invalid',
      details: { text: 'Invalid date' },
      expression: ['Patient.birthDate'],
    },
    {
      severity: 'error',
      code: 'structure',
      diagnostics: 'Invalid given',
      expression: ['Patient.name[1].given[0]'],
    },
    {
      severity: 'error',
      code: 'invalid',
      details: { text: 'Bad system' },
      location: ['Patient.telecom[0].system'],
    },
    { severity: 'error', code: 'processing', details: { text: 'General failure' } },
  ],
};

describe('matching server issues to form fields by path', () => {
  it('matches the same path', () => {
    expect(expressionMatchesPath('Patient.birthDate', 'Patient.birthDate')).toBe(true);
  });

  it('ignores array indexes on both sides', () => {
    expect(expressionMatchesPath('Patient.name[1].given[0]', 'Patient.name.given')).toBe(true);
    expect(expressionMatchesPath('Patient.name.given', 'Patient.name[0].given')).toBe(true);
  });

  it('allows either path to be a dotted suffix of the other', () => {
    expect(expressionMatchesPath('birthDate', 'Patient.birthDate')).toBe(true);
    expect(expressionMatchesPath('Bundle.entry[0].resource.birthDate', 'Patient.birthDate')).toBe(false);
    expect(expressionMatchesPath('Patient.name.given', 'name.given')).toBe(true);
  });

  it('takes a choice element of the issue for the field of any of its types', () => {
    expect(expressionMatchesPath('Condition.onset[x]', 'Condition.onsetDateTime')).toBe(true);
    expect(expressionMatchesPath('Observation.value[x]', 'Observation.valueQuantity.value')).toBe(false);
    expect(expressionMatchesPath('Condition.onset[x]', 'Condition.onsetdate')).toBe(false);
    expect(expressionMatchesPath('Condition.onset[x]', 'Condition.abatementDateTime')).toBe(false);
  });

  it('does not match a parent, a child, or a name that merely ends alike', () => {
    expect(expressionMatchesPath('Patient.name', 'Patient.name.given')).toBe(false);
    expect(expressionMatchesPath('Patient.name.given', 'Patient.name')).toBe(false);
    expect(expressionMatchesPath('Patient.birthDate', 'Patient.Date')).toBe(false);
    expect(expressionMatchesPath('', 'Patient.birthDate')).toBe(false);
  });

  it('finds the issues of a field by expression, else by location, and says their words', () => {
    expect(issuesForPath(outcome, 'Patient.name.given').map((issue) => issue.diagnostics)).toEqual([
      'Invalid given',
    ]);
    expect(fieldErrorText(outcome, 'Patient.birthDate')).toBe('Invalid date');
    expect(fieldErrorText(outcome, 'Patient.telecom.system')).toBe('Bad system');
    expect(fieldErrorText(outcome, 'Patient.gender')).toBeUndefined();
    expect(fieldErrorText(undefined, 'Patient.gender')).toBeUndefined();
  });
});
