import type { Observation, Reference, Specimen } from '@medplum/fhirtypes';
import {
  formatCodeableConcept,
  formatDateTime,
  formatIdentifier,
  formatQuantity,
  formatRange,
  formatReference,
} from '@/ui';

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

/** The ids of the references to resources of one type, in their order (others are left out). */
export function referencedIds(resourceType: string, references: Reference[] | undefined): string[] {
  const prefix = `${resourceType}/`;
  return (references ?? []).flatMap((reference) => {
    const target = reference.reference ?? '';
    const id = target.startsWith(prefix) ? target.slice(prefix.length) : '';
    return id && !id.includes('/') ? [id] : [];
  });
}

/** One row of a report's specimens: what was taken, when it was collected and when received. */
export interface SpecimenRow {
  id: string;
  specimen: string;
  collected: string;
  received: string;
  note: string;
}

export function specimenRow(specimen: Specimen): SpecimenRow {
  const collection = specimen.collection;
  return {
    id: specimen.id ?? '',
    specimen:
      formatCodeableConcept(specimen.type) ||
      formatIdentifier(specimen.accessionIdentifier) ||
      `Specimen/${specimen.id}`,
    collected: formatDateTime(collection?.collectedDateTime ?? collection?.collectedPeriod?.start),
    received: formatDateTime(specimen.receivedTime),
    note: (specimen.note ?? []).map((note) => note.text ?? '').join(' '),
  };
}
