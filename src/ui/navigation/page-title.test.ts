import { describe, expect, it } from 'vitest';
import { pageTitle, resourceLabel } from './page-title';

describe('page titles', () => {
  it('name the resource as people do, then the app, never an id', () => {
    expect(pageTitle('Schedule Appointment', 'Emily Chen')).toBe(
      'Schedule Appointment · Emily Chen – CareQueue'
    );
    expect(pageTitle('', undefined)).toBe('CareQueue');
    expect(
      resourceLabel({ resourceType: 'Patient', id: 'p-17', name: [{ given: ['Emily'], family: 'Chen' }] })
    ).toBe('Emily Chen');
    expect(
      resourceLabel({
        resourceType: 'Observation',
        id: 'o-3',
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: '29463-7', display: 'Body weight' }] },
      })
    ).toBe('Body weight');
    expect(resourceLabel({ resourceType: 'Binary', id: 'b-1', contentType: 'text/plain' })).toBe('');
  });
});
