import type { QuestionnaireItem } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { INTAKE_URL, PHQ9_URL } from './questionnaires';
import { byReference, resourcesOf } from './test-support';

const PAGE_CONTROL = 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl';
const allItems = (items: QuestionnaireItem[] = []): QuestionnaireItem[] =>
  items.flatMap((item) => [item, ...allItems(item.item)]);

describe('questionnaires', () => {
  it('a depression screening with enableWhen and a paged intake form are published', () => {
    const byUrl = new Map(resourcesOf('Questionnaire').map((q) => [q.url, q]));
    const phq9 = byUrl.get(PHQ9_URL);
    const intake = byUrl.get(INTAKE_URL);
    expect(phq9?.status).toBe('active');
    expect(allItems(phq9?.item).filter((item) => item.enableWhen?.length).length).toBeGreaterThan(0);
    const pages = (intake?.item ?? []).filter((item) =>
      item.extension?.some(
        (e) => e.url === PAGE_CONTROL && e.valueCodeableConcept?.coding?.[0]?.code === 'page'
      )
    );
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const types = new Set(allItems(intake?.item).map((item) => item.type));
    for (const type of [
      'string',
      'date',
      'choice',
      'open-choice',
      'boolean',
      'decimal',
      'integer',
      'reference',
    ])
      expect(types).toContain(type);
  });

  it('responses name their questionnaire and a seeded patient; one is still in progress', () => {
    const responses = resourcesOf('QuestionnaireResponse');
    expect(responses.length).toBeGreaterThanOrEqual(3);
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set(['completed', 'in-progress']));
    for (const response of responses) {
      expect([PHQ9_URL, INTAKE_URL]).toContain(response.questionnaire);
      expect(byReference(response.subject?.reference)?.resourceType).toBe('Patient');
      expect(response.item?.length).toBeGreaterThan(0);
    }
  });
});

describe('report specimens and critical results', () => {
  it('every report names its specimen, collected before it was received and received before it was issued', () => {
    for (const report of resourcesOf('DiagnosticReport')) {
      const specimen = byReference(report.specimen?.[0]?.reference);
      expect(specimen?.resourceType).toBe('Specimen');
      if (specimen?.resourceType !== 'Specimen') continue;
      expect(specimen.subject?.reference).toBe(report.subject?.reference);
      const collected = specimen.collection?.collectedDateTime ?? '';
      expect(collected < (specimen.receivedTime ?? '')).toBe(true);
      expect((specimen.receivedTime ?? '') < (report.issued ?? '')).toBe(true);
    }
  });

  it('final reports carry the signed PDF the lab presented', () => {
    const final = resourcesOf('DiagnosticReport').filter((report) => report.status === 'final');
    expect(final.length).toBeGreaterThan(0);
    for (const report of final) {
      expect(report.presentedForm?.[0]).toMatchObject({ contentType: 'application/pdf' });
      expect(report.presentedForm?.[0]?.url).toMatch(/^https:\/\/.+\.pdf$/);
    }
  });

  it('some reports carry a critical result (HH or LL) outside its reference range', () => {
    const critical = resourcesOf('Observation').filter((observation) =>
      ['HH', 'LL'].includes(observation.interpretation?.[0]?.coding?.[0]?.code ?? '')
    );
    expect(critical.length).toBeGreaterThan(0);
    for (const observation of critical) {
      const value = observation.valueQuantity?.value ?? 0;
      const range = observation.referenceRange?.[0];
      expect(value > (range?.high?.value ?? Infinity) || value < (range?.low?.value ?? -Infinity)).toBe(true);
    }
  });
});
