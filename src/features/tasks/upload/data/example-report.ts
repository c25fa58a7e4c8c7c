import type { Bundle, BundleEntry, DiagnosticReport, Observation, Reference } from '@medplum/fhirtypes';
import { LAB_ACCESSION_SYSTEM, LOINC_SYSTEM, newUrn, UCUM_SYSTEM } from './codes';
import { patientEntry } from './patients';

interface Analyte {
  code: string;
  display: string;
  value: number;
  unit: string;
  ucum: string;
  low?: number;
  high?: number;
}

/** A basic metabolic panel with one high value (glucose), as a lab would send it. */
const BASIC_METABOLIC_PANEL: Analyte[] = [
  {
    code: '2345-7',
    display: 'Glucose [Mass/volume] in Serum or Plasma',
    value: 142,
    unit: 'mg/dL',
    ucum: 'mg/dL',
    low: 70,
    high: 99,
  },
  {
    code: '2951-2',
    display: 'Sodium [Moles/volume] in Serum or Plasma',
    value: 139,
    unit: 'mmol/L',
    ucum: 'mmol/L',
    low: 135,
    high: 145,
  },
  {
    code: '2823-3',
    display: 'Potassium [Moles/volume] in Serum or Plasma',
    value: 4.2,
    unit: 'mmol/L',
    ucum: 'mmol/L',
    low: 3.5,
    high: 5.1,
  },
  {
    code: '2160-0',
    display: 'Creatinine [Mass/volume] in Serum or Plasma',
    value: 0.9,
    unit: 'mg/dL',
    ucum: 'mg/dL',
    low: 0.6,
    high: 1.2,
  },
  {
    code: '3094-0',
    display: 'Urea nitrogen [Mass/volume] in Serum or Plasma',
    value: 16,
    unit: 'mg/dL',
    ucum: 'mg/dL',
    low: 7,
    high: 20,
  },
];

const LAB = 'Hudson Valley Reference Laboratory';

/**
 * A preliminary lab report with its observations and patient, in one transaction. With the bots
 * deployed, its creation gives a 'Review Diagnostic Report' task in the Doctor queue.
 */
export function exampleReportBundle(now: Date): Bundle {
  const patient = patientEntry('ny');
  const collected = new Date(now.getTime() - 6 * 60 * 60 * 1000).toISOString();
  const observations = BASIC_METABOLIC_PANEL.map(
    (analyte): BundleEntry<Observation> & { fullUrl: string } => ({
      fullUrl: newUrn(),
      request: { method: 'POST', url: 'Observation' },
      resource: {
        resourceType: 'Observation',
        status: 'final',
        category: [
          {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/observation-category',
                code: 'laboratory',
                display: 'Laboratory',
              },
            ],
          },
        ],
        code: {
          coding: [{ system: LOINC_SYSTEM, code: analyte.code, display: analyte.display }],
          text: analyte.display,
        },
        subject: patient.ref,
        effectiveDateTime: collected,
        issued: now.toISOString(),
        performer: [{ display: LAB }],
        valueQuantity: { value: analyte.value, unit: analyte.unit, system: UCUM_SYSTEM, code: analyte.ucum },
        referenceRange: [
          {
            ...(analyte.low !== undefined
              ? { low: { value: analyte.low, unit: analyte.unit, system: UCUM_SYSTEM, code: analyte.ucum } }
              : {}),
            ...(analyte.high !== undefined
              ? { high: { value: analyte.high, unit: analyte.unit, system: UCUM_SYSTEM, code: analyte.ucum } }
              : {}),
          },
        ],
      },
    })
  );
  const report: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    identifier: [{ system: LAB_ACCESSION_SYSTEM, value: `BMP-${now.getTime().toString(36).toUpperCase()}` }],
    status: 'preliminary',
    category: [
      {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'CH', display: 'Chemistry' },
        ],
      },
    ],
    code: {
      coding: [{ system: LOINC_SYSTEM, code: '51990-0', display: 'Basic metabolic panel - Blood' }],
      text: 'Basic metabolic panel',
    },
    subject: patient.ref,
    effectiveDateTime: collected,
    issued: now.toISOString(),
    performer: [{ display: LAB }],
    result: observations.map((entry): Reference<Observation> => ({ reference: entry.fullUrl })),
  };
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      patient.entry,
      ...observations,
      { request: { method: 'POST', url: 'DiagnosticReport' }, resource: report },
    ],
  };
}
