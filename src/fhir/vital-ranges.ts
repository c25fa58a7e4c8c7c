import type { Observation, ObservationReferenceRange, Quantity } from '@medplum/fhirtypes';

/** A normal range of one vital sign in one UCUM unit; a bound may be open. */
export interface NormalRange {
  low?: number;
  high?: number;
  /** UCUM code of the unit the bounds are in. */
  unit: string;
}

/**
 * The usual resting ranges of an adult, by LOINC code, used where an observation gives no
 * reference range of its own: heart rate 60–100 /min, respiratory rate 12–20 /min, temperature
 * 36.1–37.2 °C (97–99 °F), oxygen saturation 95–100 %, BMI 18.5–24.9 kg/m², systolic pressure
 * 90–120 mmHg and diastolic 60–80 mmHg. Height, weight and head circumference have no one range.
 */
export const ADULT_VITAL_RANGES: Readonly<Record<string, readonly NormalRange[]>> = {
  '8867-4': [{ low: 60, high: 100, unit: '/min' }],
  '9279-1': [{ low: 12, high: 20, unit: '/min' }],
  '8310-5': [
    { low: 36.1, high: 37.2, unit: 'Cel' },
    { low: 97, high: 99, unit: '[degF]' },
  ],
  '2708-6': [{ low: 95, high: 100, unit: '%' }],
  '59408-5': [{ low: 95, high: 100, unit: '%' }],
  '39156-5': [{ low: 18.5, high: 24.9, unit: 'kg/m2' }],
  '8480-6': [{ low: 90, high: 120, unit: 'mm[Hg]' }],
  '8462-4': [{ low: 60, high: 80, unit: 'mm[Hg]' }],
};

const unitOf = (quantity: Quantity | undefined): string | undefined => quantity?.code ?? quantity?.unit;

/** An observation's own reference range in `unit`, when its low or high bound is in that unit. */
function ownRange(ranges: ObservationReferenceRange[] | undefined, unit: string): NormalRange | undefined {
  for (const range of ranges ?? []) {
    const low = unitOf(range.low) === unit ? range.low?.value : undefined;
    const high = unitOf(range.high) === unit ? range.high?.value : undefined;
    if (low !== undefined || high !== undefined) return { low, high, unit };
  }
  return undefined;
}

/**
 * The normal range to show beside readings of `code` in `unit`: the observation's own reference
 * range when it gives one in that unit (the latest reading's wins), else the usual adult range.
 */
export function normalRangeOf(
  code: string,
  unit: string,
  ownRanges: ObservationReferenceRange[] | undefined
): NormalRange | undefined {
  return ownRange(ownRanges, unit) ?? ADULT_VITAL_RANGES[code]?.find((range) => range.unit === unit);
}

/** An observation's reference ranges, or its component's for a code ('8480-6' in a blood pressure). */
export function referenceRangesOf(
  observation: Observation,
  componentCode?: string
): ObservationReferenceRange[] | undefined {
  if (!componentCode) return observation.referenceRange;
  return observation.component?.find((part) =>
    part.code.coding?.some((coding) => coding.code === componentCode)
  )?.referenceRange;
}
