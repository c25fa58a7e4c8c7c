import { describe, expect, it } from 'vitest';
import { LOINC_SYSTEM, SEED_STATES, SSN_SYSTEM, UCUM_SYSTEM } from './index';
import { byReference, NOW, resourcesOf } from './test-support';

const ZIP_PREFIX: Record<string, RegExp> = { NY: /^1[0-4]\d{3}$/, CA: /^9[0-6]\d{3}$/, TX: /^7[5-9]\d{3}$/ };

describe('patients', () => {
  it.each(SEED_STATES)('at least 12 patients live in %s, with a home address there', (state) => {
    const patients = resourcesOf('Patient').filter((patient) => patient.address?.[0]?.state === state);
    expect(patients.length).toBeGreaterThanOrEqual(12);
    for (const patient of patients) {
      const address = patient.address?.[0];
      expect(address?.use).toBe('home');
      expect(address?.line?.[0]).toMatch(/^\d+ \w/);
      expect(address?.city).toBeTruthy();
      expect(address?.postalCode).toMatch(ZIP_PREFIX[state] ?? /^$/);
    }
  });

  it('every patient shows a name, birth date, gender and SSN', () => {
    const patients = resourcesOf('Patient');
    expect(
      new Set(patients.map((patient) => `${patient.name?.[0]?.given?.[0]} ${patient.name?.[0]?.family}`)).size
    ).toBe(patients.length);
    for (const patient of patients) {
      expect(patient.name?.[0]?.given?.[0]).toBeTruthy();
      expect(patient.name?.[0]?.family).toBeTruthy();
      expect(patient.birthDate).toMatch(/^(19|20)\d{2}-\d{2}-\d{2}$/);
      expect(['female', 'male']).toContain(patient.gender);
      const ssn = patient.identifier?.find((id) => id.system === SSN_SYSTEM);
      expect(ssn?.type?.coding?.[0]?.code).toBe('SB');
      expect(ssn?.value).toMatch(/^9\d{2}-\d{2}-\d{4}$/);
    }
  });
});

describe('reports', () => {
  it('the Report tab shows preliminary and final lab reports with their results', () => {
    const reports = resourcesOf('DiagnosticReport');
    expect(new Set(reports.map((report) => report.status))).toEqual(new Set(['preliminary', 'final']));
    for (const report of reports) {
      expect(report.code?.coding?.[0]?.system).toBe(LOINC_SYSTEM);
      expect(report.identifier?.[0]?.value).toBeTruthy();
      expect(report.category?.[0]?.coding?.[0]?.code).toBe('LAB');
      expect(report.effectiveDateTime && report.issued && report.effectiveDateTime < report.issued).toBe(
        true
      );
      expect(report.result?.length).toBeGreaterThan(0);
      for (const result of report.result ?? []) {
        expect(byReference(result.reference)?.resourceType).toBe('Observation');
      }
    }
  });

  it('observations carry LOINC codes, values with units and reference ranges', () => {
    const observations = resourcesOf('Observation');
    expect(observations.length).toBeGreaterThan(100);
    for (const observation of observations) {
      expect(observation.status).toBe('final');
      expect(observation.code?.coding?.[0]?.system).toBe(LOINC_SYSTEM);
      expect(observation.code?.coding?.[0]?.code).toMatch(/^\d+-\d$/);
      expect(typeof observation.valueQuantity?.value).toBe('number');
      expect(observation.valueQuantity?.system).toBe(UCUM_SYSTEM);
      const range = observation.referenceRange?.[0];
      expect(range?.low ?? range?.high).toBeDefined();
      expect(observation.performer?.[0]?.display).toBeTruthy();
    }
    const flags = new Set(
      observations.map((observation) => observation.interpretation?.[0]?.coding?.[0]?.code)
    );
    expect(flags).toEqual(new Set(['H', 'L', 'N']));
  });

  it("schedules and driver's license photos exist for the scheduling and verification tasks", () => {
    const schedules = resourcesOf('Schedule');
    expect(schedules.length).toBeGreaterThanOrEqual(3);
    for (const schedule of schedules) {
      expect(schedule.active).toBe(true);
      expect(byReference(schedule.actor[0]?.reference)?.resourceType).toBe('Practitioner');
    }
    const documents = resourcesOf('DocumentReference');
    expect(documents.length).toBeGreaterThanOrEqual(3);
    for (const document of documents) {
      expect(document).toMatchObject({ status: 'current', docStatus: 'final' });
      expect(document.type?.text).toBe("Driver's license");
      expect(document.content[0]?.attachment.contentType).toBe('image/jpeg');
      expect(document.content[0]?.attachment.url).toMatch(/^https:\/\/.+\.jpg$/);
      expect(Date.parse(document.date ?? '')).toBeLessThan(NOW.getTime());
    }
  });
});
