import type { Observation } from '@medplum/fhirtypes';
import { BLOOD_PRESSURE, DIASTOLIC, SYSTOLIC } from '@/fhir/clinical-rules';
import { formatQuantity, formatQuantityValue } from '../format/quantity';
import { ucumUnitText } from '@/fhir/ucum-text';

/** A component's quantity by its LOINC code ('8480-6', the systolic reading of a blood pressure). */
export const componentQuantity = (observation: Observation, code: string) =>
  observation.component?.find((part) => part.code.coding?.some((coding) => coding.code === code))
    ?.valueQuantity;

/**
 * How a vital reading reads, its unit as people write it and its value with the places it was
 * recorded with: '72 /min', '37.0 °C', '120/80 mmHg' ('130/– mmHg' when one reading is missing).
 */
export function vitalValueText(observation: Observation): string {
  if (observation.component?.length) {
    const systolic = formatQuantityValue(componentQuantity(observation, SYSTOLIC.code)) || '–';
    const diastolic = formatQuantityValue(componentQuantity(observation, DIASTOLIC.code)) || '–';
    return `${systolic}/${diastolic} ${ucumUnitText(BLOOD_PRESSURE.unit)}`;
  }
  return formatQuantity(observation.valueQuantity);
}
