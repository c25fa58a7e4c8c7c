import type { Observation, Reference } from '@medplum/fhirtypes';
import { formatCodeableConcept, formatQuantity, formatRange, formatReference } from '@/ui';

/** Interpretation codes that mark a critical result (abnormal alert, critically low/high, abnormal). */
export const CRITICAL_INTERPRETATIONS: readonly string[] = ['AA', 'LL', 'HH', 'A'];

/** One row of a report's results table. */
export interface ResultRow {
  id: string;
  test: string;
  value: string;
  referenceRange: string;
  interpretation: string;
  category: string;
  performer: string;
  status: string;
  critical: boolean;
}

function valueText(observation: Observation): string {
  if (observation.valueQuantity) return formatQuantity(observation.valueQuantity);
  if (observation.valueCodeableConcept) return formatCodeableConcept(observation.valueCodeableConcept);
  if (observation.valueString !== undefined) return observation.valueString;
  if (observation.valueBoolean !== undefined) return String(observation.valueBoolean);
  if (observation.valueInteger !== undefined) return String(observation.valueInteger);
  return '';
}

export function resultRow(observation: Observation): ResultRow {
  const range = observation.referenceRange?.[0];
  const codes = (observation.interpretation ?? []).flatMap((concept) =>
    (concept.coding ?? []).map((coding) => coding.code ?? '')
  );
  return {
    id: observation.id ?? '',
    test: formatCodeableConcept(observation.code),
    value: valueText(observation),
    referenceRange: range?.text ?? formatRange({ low: range?.low, high: range?.high }),
    interpretation: (observation.interpretation ?? []).map(formatCodeableConcept).join(', '),
    category: (observation.category ?? []).map(formatCodeableConcept).join(', '),
    performer: (observation.performer ?? []).map(formatReference).join(', '),
    status: observation.status ?? '',
    critical: codes.some((code) => CRITICAL_INTERPRETATIONS.includes(code)),
  };
}

/** The ids of a report's Observation results, in its order. */
export function resultIds(results: Reference[] | undefined): string[] {
  return (results ?? []).flatMap((reference) => {
    const match = /^Observation\/([^/]+)$/.exec(reference.reference ?? '');
    return match?.[1] ? [match[1]] : [];
  });
}
