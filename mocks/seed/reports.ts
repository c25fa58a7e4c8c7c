import type {
  Coding,
  DiagnosticReport,
  Observation,
  Organization,
  Practitioner,
  Quantity,
  Reference,
  Specimen,
} from '@medplum/fhirtypes';
import { LAB_ACCESSION_SYSTEM, LOINC_SYSTEM, SNOMED_SYSTEM, UCUM_SYSTEM } from './constants';
import type { AnalyteSpec, PanelSpec } from './lab-panels';
import type { SeedPatient } from './patients';
import type { Random } from './random';
import { minutesFrom } from './time';

/** Where the lab publishes its signed reports (a reserved example domain). */
const LAB_REPORT_BASE_URL = 'https://lab.carequeue.example.org/reports';

/** The code systems lab reports use for their category and each result's flag. */
const DIAGNOSTIC_SERVICE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v2-0074';
const OBSERVATION_CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';
const INTERPRETATION_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';

export interface ReportOptions {
  rng: Random;
  now: Date;
  id: string;
  patient: SeedPatient;
  panel: PanelSpec;
  status: 'preliminary' | 'final';
  lab: Reference<Organization>;
  /** Who signed a final report. */
  interpreter: Reference<Practitioner>;
  /** Minutes before now that the result was issued. */
  issuedMinutesAgo: number;
}

export interface SeedReport {
  report: DiagnosticReport;
  specimens: Specimen[];
  observations: Observation[];
}

/** A number drawn from the report's id, so the specimen and critical results leave the seed's random draws alone. */
function idHash(id: string): number {
  let hash = 2166136261;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

/** What each panel is run on: serum, or whole blood for counts and HbA1c. */
const SERUM: Coding = { system: SNOMED_SYSTEM, code: '119364003', display: 'Serum specimen' };
const WHOLE_BLOOD: Coding = { system: SNOMED_SYSTEM, code: '119297000', display: 'Blood specimen' };
const WHOLE_BLOOD_PANELS = new Set(['58410-2', '4548-4']);

/** The tube the lab received: collected before the report, received at the lab within a few hours. */
function specimen(options: ReportOptions, collected: string): Specimen {
  const hash = idHash(options.id);
  const type = WHOLE_BLOOD_PANELS.has(options.panel.loinc) ? WHOLE_BLOOD : SERUM;
  return {
    resourceType: 'Specimen',
    id: `${options.id}-specimen`,
    status: 'available',
    accessionIdentifier: { system: LAB_ACCESSION_SYSTEM, value: `SPC-${String(100000 + (hash % 900000))}` },
    type: { coding: [type], text: type.display },
    subject: options.patient.ref,
    collection: { collectedDateTime: collected, method: { text: 'Venipuncture' } },
    receivedTime: minutesFrom(new Date(collected), 25 + (hash % 180)),
    ...(hash % 5 === 0 ? { note: [{ text: 'Slightly haemolysed; potassium may read high.' }] } : {}),
  };
}

/** One report in four has a critical result: which analyte, or none. */
function criticalAnalyte(options: ReportOptions): number | undefined {
  const hash = idHash(options.id);
  return hash % 4 === 0 ? (hash >>> 2) % options.panel.analytes.length : undefined;
}

/** A value far outside the reference range (critically high, else critically low), and its flag. */
function criticalValue(analyte: AnalyteSpec): { value: number; code: string; display: string } {
  if (analyte.high !== undefined) {
    return { value: roundTo(analyte.high * 1.6, analyte.decimals), code: 'HH', display: 'Critical high' };
  }
  return {
    value: roundTo((analyte.low ?? analyte.min) * 0.5, analyte.decimals),
    code: 'LL',
    display: 'Critical low',
  };
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function interpretation(analyte: AnalyteSpec, value: number): { code: string; display: string } {
  if (analyte.high !== undefined && value > analyte.high) {
    return { code: 'H', display: 'High' };
  }
  if (analyte.low !== undefined && value < analyte.low) {
    return { code: 'L', display: 'Low' };
  }
  return { code: 'N', display: 'Normal' };
}

/** What a lab's report and each of its results say alike: the LOINC code, patient, times and lab. */
function labResult(
  options: ReportOptions,
  loinc: string,
  display: string,
  text: string,
  collected: string,
  issued: string
): Pick<DiagnosticReport, 'code' | 'subject' | 'effectiveDateTime' | 'issued'> & {
  performer: Reference<Organization>[];
} {
  return {
    code: { coding: [{ system: LOINC_SYSTEM, code: loinc, display }], text },
    subject: options.patient.ref,
    effectiveDateTime: collected,
    issued,
    performer: [options.lab],
  };
}

/** A quantity in the analyte's UCUM unit. */
function ucum(value: number, analyte: AnalyteSpec): Quantity {
  return { value, unit: analyte.unit, system: UCUM_SYSTEM, code: analyte.ucum };
}

function observation(
  options: ReportOptions,
  analyte: AnalyteSpec,
  index: number,
  collected: string,
  issued: string,
  sample: Specimen
): Observation {
  const drawn = roundTo(analyte.min + options.rng.next() * (analyte.max - analyte.min), analyte.decimals);
  const critical = criticalAnalyte(options) === index ? criticalValue(analyte) : undefined;
  const value = critical?.value ?? drawn;
  const flag = critical ? { code: critical.code, display: critical.display } : interpretation(analyte, value);
  return {
    resourceType: 'Observation',
    id: `${options.id}-observation-${index + 1}`,
    status: 'final',
    category: [
      {
        coding: [{ system: OBSERVATION_CATEGORY_SYSTEM, code: 'laboratory', display: 'Laboratory' }],
      },
    ],
    ...labResult(options, analyte.loinc, analyte.display, analyte.display, collected, issued),
    specimen: { reference: `Specimen/${sample.id}`, display: sample.type?.text },
    valueQuantity: ucum(value, analyte),
    interpretation: [{ coding: [{ system: INTERPRETATION_SYSTEM, ...flag }], text: flag.display }],
    referenceRange: [
      {
        ...(analyte.low !== undefined ? { low: ucum(analyte.low, analyte) } : {}),
        ...(analyte.high !== undefined ? { high: ucum(analyte.high, analyte) } : {}),
      },
    ],
  };
}

/** A laboratory report with one Observation per analyte of its panel. */
export function buildReport(options: ReportOptions): SeedReport {
  const { rng, now, panel } = options;
  const issued = minutesFrom(now, -options.issuedMinutesAgo);
  const collected = minutesFrom(now, -options.issuedMinutesAgo - rng.int(6 * 60, 36 * 60));
  const sample = specimen(options, collected);
  const observations = panel.analytes.map((analyte, index) =>
    observation(options, analyte, index, collected, issued, sample)
  );
  const report: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    id: options.id,
    identifier: [{ system: LAB_ACCESSION_SYSTEM, value: `ACC-${String(rng.int(1000000, 9999999))}` }],
    status: options.status,
    category: [{ coding: [{ system: DIAGNOSTIC_SERVICE_SYSTEM, code: 'LAB', display: 'Laboratory' }] }],
    ...labResult(options, panel.loinc, panel.display, panel.title, collected, issued),
    ...(options.status === 'final'
      ? {
          resultsInterpreter: [options.interpreter],
          // The signed report as the lab printed it.
          presentedForm: [
            {
              contentType: 'application/pdf',
              url: `${LAB_REPORT_BASE_URL}/${options.id}.pdf`,
              title: `${panel.title} report`,
              creation: issued,
            },
          ],
        }
      : {}),
    specimen: [{ reference: `Specimen/${sample.id}`, display: sample.type?.text }],
    result: observations.map((item) => ({
      reference: `Observation/${item.id}`,
      display: item.code?.text,
    })),
  };
  return { report, specimens: [sample], observations };
}
