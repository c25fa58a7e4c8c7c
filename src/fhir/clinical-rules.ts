import type { Observation, ObservationComponent, Reference, Resource } from '@medplum/fhirtypes';
import { withTypedPrecision } from './decimal-precision';
import { LOINC_SYSTEM as LOINC, SNOMED_SYSTEM as SNOMED, UCUM_SYSTEM as UCUM } from './product-codes';

export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';

/** A vital sign the summary records: its LOINC code and UCUM unit. */
export interface VitalSign {
  code: string;
  display: string;
  unit: string;
}

export const BLOOD_PRESSURE = { code: '85354-9', display: 'Blood pressure', unit: 'mm[Hg]' } as const;
export const SYSTOLIC = { code: '8480-6', display: 'Systolic blood pressure', unit: 'mm[Hg]' } as const;
export const DIASTOLIC = { code: '8462-4', display: 'Diastolic blood pressure', unit: 'mm[Hg]' } as const;

/** The nine vital signs, blood pressure first (recorded as systolic and diastolic components). */
export const VITAL_SIGNS: readonly VitalSign[] = [
  BLOOD_PRESSURE,
  { code: '8867-4', display: 'Heart rate', unit: '/min' },
  { code: '8310-5', display: 'Body temperature', unit: 'Cel' },
  { code: '9279-1', display: 'Respiratory rate', unit: '/min' },
  { code: '8302-2', display: 'Body height', unit: 'cm' },
  { code: '29463-7', display: 'Body weight', unit: 'kg' },
  { code: '39156-5', display: 'Body mass index', unit: 'kg/m2' },
  { code: '2708-6', display: 'Oxygen saturation', unit: '%' },
  { code: '9843-4', display: 'Head circumference', unit: 'cm' },
];

/** The smoking status observation's code, and the eight answers it offers. */
export const SMOKING_STATUS = { code: '72166-2', display: 'Tobacco smoking status' } as const;
export const SMOKING_OPTIONS = [
  { code: '266919005', display: 'Never smoked' },
  { code: '266927001', display: 'Unknown if ever smoked' },
  { code: '428041000124106', display: 'Occasional tobacco smoker' },
  { code: '428061000124105', display: 'Light tobacco smoker' },
  { code: '428071000124103', display: 'Heavy tobacco smoker' },
  { code: '449868002', display: 'Smokes tobacco daily' },
  { code: '77176002', display: 'Smoker' },
  { code: '8517006', display: 'Ex-smoker' },
] as const;

/** A vital value is kept only when it is a finite number (an empty or half-typed field is not). */
export function finiteValue(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** A UCUM quantity; the decimal places typed ('37.0') are kept even where the number drops them. */
const quantity = (value: number, unit: string, typed: unknown) =>
  withTypedPrecision({ value, unit, system: UCUM, code: unit }, typed);
const loinc = (sign: { code: string; display: string }) => ({
  coding: [{ system: LOINC, code: sign.code, display: sign.display }],
  text: sign.display,
});

/** Whose observation it is and when it was taken (now, when recorded in the summary). */
export interface RecordedFor {
  subject: Observation['subject'] & Reference;
  effectiveDateTime: string;
  encounter?: Observation['encounter'];
  performer?: Observation['performer'];
}

const category = (code: string, display: string) => [
  { coding: [{ system: OBSERVATION_CATEGORY, code, display }] },
];

/** A vital sign recorded in the summary is preliminary until a clinician signs it off. */
function vitalBase(sign: VitalSign, recorded: RecordedFor): Observation {
  return {
    resourceType: 'Observation',
    status: 'preliminary',
    category: category('vital-signs', 'Vital Signs'),
    code: loinc(sign),
    ...recorded,
  };
}

/** The vital sign an observation records, by its LOINC code; undefined for any other observation. */
export function vitalSignOf(observation: Observation): VitalSign | undefined {
  const codes = observation.code.coding?.filter((coding) => coding.system === LOINC).map((c) => c.code);
  return VITAL_SIGNS.find((sign) => codes?.includes(sign.code));
}

export function isSmokingStatus(observation: Observation): boolean {
  return !!observation.code.coding?.some(
    (coding) => coding.system === LOINC && coding.code === SMOKING_STATUS.code
  );
}

/** The smoking status answer of an observation, by its SNOMED code. */
export function smokingOptionOf(observation: Observation): (typeof SMOKING_OPTIONS)[number] | undefined {
  const codes = observation.valueCodeableConcept?.coding?.map((coding) => coding.code);
  return SMOKING_OPTIONS.find((option) => codes?.includes(option.code));
}

/** A final social-history observation of the patient's smoking status, one of the eight answers. */
export function smokingObservation(optionCode: string, recorded: RecordedFor): Observation | undefined {
  const option = SMOKING_OPTIONS.find((item) => item.code === optionCode);
  if (!option) return undefined;
  return {
    resourceType: 'Observation',
    status: 'final',
    category: category('social-history', 'Social History'),
    code: loinc(SMOKING_STATUS),
    ...recorded,
    valueCodeableConcept: {
      coding: [{ system: SNOMED, code: option.code, display: option.display }],
      text: option.display,
    },
  };
}

/** The systolic and diastolic readings of a blood pressure observation, as numbers where present. */
export function bloodPressureReadings(observation: Observation): { systolic?: number; diastolic?: number } {
  const reading = (code: string) =>
    observation.component?.find((part) => part.code.coding?.some((coding) => coding.code === code))
      ?.valueQuantity?.value;
  return { systolic: reading(SYSTOLIC.code), diastolic: reading(DIASTOLIC.code) };
}

/** A vital sign observation, or undefined when the value is not a finite number. */
export function vitalObservation(
  sign: VitalSign,
  value: unknown,
  recorded: RecordedFor
): Observation | undefined {
  const number = finiteValue(value);
  if (number === undefined) return undefined;
  return { ...vitalBase(sign, recorded), valueQuantity: quantity(number, sign.unit, value) };
}

/**
 * A blood pressure observation with a component for each valid reading, or undefined when neither
 * the systolic nor the diastolic value is a finite number.
 */
export function bloodPressureObservation(
  readings: { systolic: unknown; diastolic: unknown },
  recorded: RecordedFor
): Observation | undefined {
  const component: ObservationComponent[] = [
    [SYSTOLIC, readings.systolic] as const,
    [DIASTOLIC, readings.diastolic] as const,
  ].flatMap(([sign, typed]) => {
    const value = finiteValue(typed);
    return value === undefined
      ? []
      : [{ code: loinc(sign), valueQuantity: quantity(value, sign.unit, typed) }];
  });
  if (component.length === 0) return undefined;
  return { ...vitalBase(BLOOD_PRESSURE, recorded), component };
}

/** The patient a clinical resource is about ('Patient/123'): an allergy's patient, else its subject. */
export function clinicalPatientOf(resource: Resource): string | undefined {
  switch (resource.resourceType) {
    case 'AllergyIntolerance':
      return resource.patient.reference;
    case 'Condition':
    case 'MedicationRequest':
      return resource.subject.reference;
    case 'Observation':
    case 'Encounter':
      return resource.subject?.reference;
    default:
      return undefined;
  }
}
