import type { Observation, Patient, Questionnaire } from '@medplum/fhirtypes';
import { isValidElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { PatientSummaryTab } from '../patient/PatientSummaryTab';
import { QuestionnaireTab } from '../questionnaire';
import { ResourceDisplay } from './ResourceDisplay';
import { findResourceTab, firstResourceTab, resourceTabs, tabLabel, tabPage } from './resource-tabs';

const names = (resourceType: string): string[] => resourceTabs(resourceType).map((tab) => tab.name);

/** The component a tab's page draws. */
function drawn(page: ReactNode): unknown {
  return isValidElement(page) ? page.type : undefined;
}

const patient: Patient = { resourceType: 'Patient', id: 'p1' };
const questionnaire: Questionnaire = { resourceType: 'Questionnaire', id: 'q1', status: 'active' };
const observation: Observation = { resourceType: 'Observation', id: 'o1', status: 'final', code: {} };

describe('the resource tab table', () => {
  it('gives a Patient its Summary first, then Details, Timeline and History', () => {
    expect(names('Patient')).toEqual(['summary', 'details', 'timeline', 'history']);
    expect(firstResourceTab('Patient')).toBe('summary');
    expect(resourceTabs('Patient').map((tab) => tabLabel(tab.name))).toEqual([
      'Summary',
      'Details',
      'Timeline',
      'History',
    ]);
    expect(drawn(tabPage(patient, 'summary'))).toBe(PatientSummaryTab);
  });

  it('opens a Questionnaire on its Form and a DiagnosticReport on its Report', () => {
    expect(names('Questionnaire')).toEqual(['form', 'details', 'timeline', 'history']);
    expect(firstResourceTab('Questionnaire')).toBe('form');
    expect(drawn(tabPage(questionnaire, 'form'))).toBe(QuestionnaireTab);
    expect(names('DiagnosticReport')).toEqual(['report', 'details', 'timeline', 'history']);
    expect(firstResourceTab('DiagnosticReport')).toBe('report');
  });

  it('gives a type with no tabs of its own, and an unknown type, the common tabs, opening on Details', () => {
    for (const resourceType of ['Observation', 'Patientz', 'toString', '__proto__', '']) {
      expect(names(resourceType)).toEqual(['details', 'timeline', 'history']);
      expect(firstResourceTab(resourceType)).toBe('details');
    }
  });

  it("draws a resource's details on a tab its own type does not have", () => {
    expect(findResourceTab('Observation', 'summary')).toBeUndefined();
    expect(drawn(tabPage(observation, 'summary'))).toBe(ResourceDisplay);
    expect(drawn(tabPage(observation, 'details'))).toBe(ResourceDisplay);
  });

  it('draws History from the address alone, before the resource is loaded', () => {
    const history = findResourceTab('Patient', 'history');
    expect(history && 'addressPage' in history).toBe(true);
    expect(findResourceTab('Patient', 'summary')).toHaveProperty('page');
  });
});
