import { describe, expect, it } from 'vitest';
import { LOINC_SYSTEM, SEED_STATES, SSN_SYSTEM, UCUM_SYSTEM } from './index';
import { byReference, NOW, resourcesOf } from './test-support';
import { bloodPressureReadings, isSmokingStatus, SMOKING_OPTIONS, vitalSignOf } from '@/fhir/clinical-rules';

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

  it('lab results carry LOINC codes, values with units and reference ranges', () => {
    const observations = resourcesOf('Observation').filter((observation) =>
      observation.category?.some((category) =>
        category.coding?.some((coding) => coding.code === 'laboratory')
      )
    );
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
    for (const flag of ['H', 'L', 'N', 'HH']) expect(flags).toContain(flag);
    expect([...flags].filter((flag) => !['H', 'L', 'N', 'HH', 'LL'].includes(flag ?? ''))).toEqual([]);
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

describe('clinical records of the patient summary', () => {
  const patients = resourcesOf('Patient');
  const ofPatient = (reference: string | undefined) => reference?.replace('Patient/', '');
  const withRecord = (ids: (string | undefined)[]) => new Set(ids.map(ofPatient));

  it('most patients have problems, medications, a smoking status and vitals; many have allergies', () => {
    const observations = resourcesOf('Observation');
    const problems = withRecord(resourcesOf('Condition').map((item) => item.subject.reference));
    const medications = withRecord(resourcesOf('MedicationRequest').map((item) => item.subject.reference));
    const allergies = withRecord(resourcesOf('AllergyIntolerance').map((item) => item.patient.reference));
    const smokers = withRecord(observations.filter(isSmokingStatus).map((item) => item.subject?.reference));
    const vitals = withRecord(
      observations.filter((item) => vitalSignOf(item)).map((item) => item.subject?.reference)
    );
    for (const held of [problems, medications, smokers, vitals]) {
      expect(held.size).toBeGreaterThanOrEqual(Math.ceil(patients.length * 0.75));
      expect(held.size).toBeLessThan(patients.length);
    }
    expect(allergies.size).toBeGreaterThanOrEqual(patients.length / 3);
  });

  it('codes are SNOMED CT, RxNorm and LOINC with their displays', () => {
    for (const allergy of resourcesOf('AllergyIntolerance')) {
      expect(allergy.code?.coding?.[0]).toMatchObject({
        system: 'http://snomed.info/sct',
        code: expect.stringMatching(/^\d+$/),
      });
      expect(allergy.reaction?.[0]?.manifestation[0]?.coding?.[0]?.display).toBeTruthy();
    }
    for (const condition of resourcesOf('Condition')) {
      expect(condition.code?.coding?.[0]?.system).toBe('http://snomed.info/sct');
      expect(condition.onsetDateTime).toMatch(/^\d{4}-\d{2}-\d{2}/);
    }
    for (const request of resourcesOf('MedicationRequest')) {
      expect(request.medicationCodeableConcept?.coding?.[0]?.system).toBe(
        'http://www.nlm.nih.gov/research/umls/rxnorm'
      );
      expect(['active', 'stopped']).toContain(request.status);
      expect(request.intent).toBe('order');
    }
    const answers = resourcesOf('Observation').filter(isSmokingStatus);
    for (const answer of answers) {
      expect(SMOKING_OPTIONS.map((option) => option.code)).toContain(
        answer.valueCodeableConcept?.coding?.[0]?.code
      );
    }
  });

  it('blood pressure has systolic and diastolic components in mm[Hg], other vitals a value in their unit', () => {
    const vitals = resourcesOf('Observation').filter((item) => vitalSignOf(item));
    const pressures = vitals.filter((item) => vitalSignOf(item)?.code === '85354-9');
    expect(pressures.length).toBeGreaterThan(30);
    for (const pressure of pressures) {
      const { systolic, diastolic } = bloodPressureReadings(pressure);
      expect(systolic).toBeGreaterThan(diastolic ?? Infinity);
      expect(pressure.valueQuantity).toBeUndefined();
      expect(pressure.component?.every((part) => part.valueQuantity?.code === 'mm[Hg]')).toBe(true);
    }
    for (const vital of vitals.filter((item) => !item.component)) {
      expect(vital.valueQuantity?.unit).toBe(vitalSignOf(vital)?.unit);
      expect(Number.isFinite(vital.valueQuantity?.value)).toBe(true);
      expect(Date.parse(vital.effectiveDateTime ?? '')).toBeLessThan(NOW.getTime());
    }
  });
});
