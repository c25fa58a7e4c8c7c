import type { Observation, ObservationComponent, Reference } from '@medplum/fhirtypes';

export const LOINC = 'http://loinc.org';
export const SNOMED = 'http://snomed.info/sct';
export const UCUM = 'http://unitsofmeasure.org';
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

const quantity = (value: number, unit: string) => ({ value, unit, system: UCUM, code: unit });
const loinc = (sign: { code: string; display: string }) => ({
  coding: [{ system: LOINC, code: sign.code, display: sign.display }],
  text: sign.display,
});

interface RecordedFor {
  subject: Observation['subject'] & Reference;
  effectiveDateTime: string;
  performer?: Observation['performer'];
}

function vitalBase(sign: VitalSign, recorded: RecordedFor): Observation {
  return {
    resourceType: 'Observation',
    status: 'final',
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'vital-signs', display: 'Vital Signs' }] }],
    code: loinc(sign),
    ...recorded,
  };
}

/** A vital sign observation, or undefined when the value is not a finite number. */
export function vitalObservation(
  sign: VitalSign,
  value: unknown,
  recorded: RecordedFor
): Observation | undefined {
  const number = finiteValue(value);
  if (number === undefined) return undefined;
  return { ...vitalBase(sign, recorded), valueQuantity: quantity(number, sign.unit) };
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
    [SYSTOLIC, finiteValue(readings.systolic)] as const,
    [DIASTOLIC, finiteValue(readings.diastolic)] as const,
  ].flatMap(([sign, value]) =>
    value === undefined ? [] : [{ code: loinc(sign), valueQuantity: quantity(value, sign.unit) }]
  );
  if (component.length === 0) return undefined;
  return { ...vitalBase(BLOOD_PRESSURE, recorded), component };
}

/** How a vital observation reads in the summary: "120/80 mm[Hg]", "72 /min". */
export function vitalText(observation: Observation): string {
  const reading = (code: string) =>
    observation.component?.find((part) => part.code.coding?.some((coding) => coding.code === code))
      ?.valueQuantity?.value;
  if (observation.component?.length) {
    const systolic = reading(SYSTOLIC.code);
    const diastolic = reading(DIASTOLIC.code);
    return `${systolic ?? '–'}/${diastolic ?? '–'} ${BLOOD_PRESSURE.unit}`;
  }
  const value = observation.valueQuantity;
  return value?.value === undefined ? '' : `${value.value} ${value.unit ?? ''}`.trim();
}
