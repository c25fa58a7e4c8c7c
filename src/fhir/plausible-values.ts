import type {
  CodeableConcept,
  Observation,
  OperationOutcomeIssue,
  Patient,
  Quantity,
  Resource,
  Task,
} from '@medplum/fhirtypes';
import { ucumUnitText } from './ucum-text';

/**
 * The clinical plausibility rules of the forms, over what FHIR itself accepts: a value past an
 * impossible limit is refused (an error), a value outside the plausible range asks the user to
 * confirm (a warning). The fake server keeps accepting whatever valid FHIR it is sent.
 */

/** The limits of one quantity in one UCUM unit. */
export interface QuantityRule {
  /** UCUM code of the unit these limits are in. */
  unit: string;
  /** Values at or below this are impossible (exclusive lower limit); omitted: only negatives are. */
  above?: number;
  /** Values above this are impossible. */
  atMost?: number;
  /** The plausible range, inclusive: a value outside it asks to confirm. */
  plausible: [number, number];
}

export interface VitalRule {
  display: string;
  units: QuantityRule[];
}

const LOINC = 'http://loinc.org';

const OXYGEN_SATURATION: VitalRule = {
  display: 'Oxygen saturation',
  units: [{ unit: '%', above: 0, atMost: 100, plausible: [50, 100] }],
};

/**
 * The vital signs by LOINC code. A rate, a weight, a height, a pressure, a saturation and a BMI can't
 * be zero or negative; a living body's temperature can't be at or below freezing (0 Cel, 32 [degF]);
 * a saturation can't pass 100 %.
 */
export const VITAL_RULES: Readonly<Record<string, VitalRule>> = {
  '8867-4': { display: 'Heart rate', units: [{ unit: '/min', above: 0, plausible: [20, 250] }] },
  '9279-1': { display: 'Respiratory rate', units: [{ unit: '/min', above: 0, plausible: [4, 60] }] },
  '8310-5': {
    display: 'Body temperature',
    units: [
      { unit: 'Cel', above: 0, plausible: [30, 43] },
      { unit: '[degF]', above: 32, plausible: [86, 109.4] },
    ],
  },
  // SpO2 has two codes (by pulse oximetry, and in arterial blood): one rule for both.
  '2708-6': OXYGEN_SATURATION,
  '59408-5': OXYGEN_SATURATION,
  '8480-6': {
    display: 'Systolic blood pressure',
    units: [{ unit: 'mm[Hg]', above: 0, plausible: [50, 260] }],
  },
  '8462-4': {
    display: 'Diastolic blood pressure',
    units: [{ unit: 'mm[Hg]', above: 0, plausible: [20, 160] }],
  },
  '29463-7': {
    display: 'Body weight',
    units: [
      { unit: 'kg', above: 0, plausible: [0.3, 350] },
      { unit: '[lb_av]', above: 0, plausible: [0.66, 770] },
    ],
  },
  '8302-2': {
    display: 'Body height',
    units: [
      { unit: 'cm', above: 0, plausible: [20, 250] },
      { unit: '[in_i]', above: 0, plausible: [8, 98] },
    ],
  },
  '39156-5': { display: 'Body mass index', units: [{ unit: 'kg/m2', above: 0, plausible: [10, 80] }] },
};

/** A due date further ahead than this many years asks to confirm. */
export const DUE_DATE_YEARS_AHEAD = 2;

const loincCodes = (concept: CodeableConcept | undefined): string[] =>
  (concept?.coding ?? [])
    .filter((coding) => coding.system === LOINC && coding.code)
    .map((coding) => coding.code as string);

const issue = (severity: 'error' | 'warning', expression: string, text: string): OperationOutcomeIssue => ({
  severity,
  code: severity === 'error' ? 'value' : 'business-rule',
  details: { text },
  expression: [expression],
});

/** The issues of one quantity measured as the LOINC codes say, at the FHIRPath `path`. */
export function quantityIssues(
  codes: readonly string[],
  quantity: Quantity | undefined,
  path: string
): OperationOutcomeIssue[] {
  const value = quantity?.value;
  if (typeof value !== 'number' || !Number.isFinite(value)) return [];
  const unit = quantity?.code ?? quantity?.unit;
  for (const code of codes) {
    const rule = VITAL_RULES[code];
    const limits = rule?.units.find((candidate) => candidate.unit === unit);
    if (!rule || !limits) continue;
    const where = `${path}.value`;
    // Messages name the unit as people write it ('mmHg', '°C'), not its UCUM code.
    const said = ucumUnitText(limits.unit);
    const shown = `${value} ${said}`;
    if (value < 0) return [issue('error', where, `${rule.display} can't be negative`)];
    if (limits.above !== undefined && value <= limits.above)
      return [issue('error', where, `${rule.display} must be above ${limits.above} ${said}`)];
    if (limits.atMost !== undefined && value > limits.atMost)
      return [issue('error', where, `${rule.display} can't be over ${limits.atMost} ${said}`)];
    const [low, high] = limits.plausible;
    if (value < low || value > high)
      return [
        issue(
          'warning',
          where,
          `${rule.display} of ${shown} is outside ${low}–${high} ${said}: check it, or save anyway`
        ),
      ];
    return [];
  }
  return [];
}

function observationIssues(observation: Observation): OperationOutcomeIssue[] {
  const issues = quantityIssues(
    loincCodes(observation.code),
    observation.valueQuantity,
    'Observation.valueQuantity'
  );
  (observation.component ?? []).forEach((component, index) => {
    issues.push(
      ...quantityIssues(
        loincCodes(component.code),
        component.valueQuantity,
        `Observation.component[${index}].valueQuantity`
      )
    );
  });
  return issues;
}

/** 'YYYY-MM-DD' of a day in local time. */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A birth date (any FHIR date precision) is not after today. */
function patientIssues(patient: Patient, now: Date): OperationOutcomeIssue[] {
  const born = patient.birthDate;
  if (!born) return [];
  const today = localDay(now);
  // Compare at the birth date's own precision: '2030' is after a 2026 today, '2026' is not.
  if (born > today.slice(0, born.length))
    return [issue('error', 'Patient.birthDate', 'Birth date cannot be in the future')];
  return [];
}

/** A due date (restriction.period.end) in the past, or more than two years ahead, asks to confirm. */
export function dueDateIssues(end: string | undefined, now: Date, path = 'Task.restriction.period.end') {
  if (!end) return [];
  const due = new Date(end.length === 10 ? `${end}T23:59:59` : end);
  if (Number.isNaN(due.getTime())) return [];
  if (due.getTime() < now.getTime())
    return [issue('warning', path, 'The due date is in the past: check it, or save anyway')];
  const limit = new Date(now);
  limit.setFullYear(limit.getFullYear() + DUE_DATE_YEARS_AHEAD);
  if (due.getTime() > limit.getTime())
    return [
      issue(
        'warning',
        path,
        `The due date is more than ${DUE_DATE_YEARS_AHEAD} years ahead: check it, or save anyway`
      ),
    ];
  return [];
}

/** Every plausibility issue of a resource, errors (refused) and warnings (to confirm). */
export function plausibilityIssues(resource: Resource, now: Date): OperationOutcomeIssue[] {
  switch (resource.resourceType) {
    case 'Observation':
      return observationIssues(resource);
    case 'Patient':
      return patientIssues(resource, now);
    case 'Task':
      return dueDateIssues((resource as Task).restriction?.period?.end, now);
    default:
      return [];
  }
}
