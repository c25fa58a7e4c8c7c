import { formatCoding as formatCodingText } from '@medplum/core';
import type { CodeableConcept, Coding } from '@medplum/fhirtypes';

/** Whether to add the code after the display ('Potassium (2823-3)'). */
export interface CodingOptions {
  includeCode?: boolean;
}

/** A coding's display, else its code. */
export function formatCoding(coding: Coding | undefined, options: CodingOptions = {}): string {
  return formatCodingText(coding, options.includeCode);
}

/**
 * What people read for a concept: its text, else its first coding (display, else code). Later codings
 * say the same thing in other code systems, so they are not repeated.
 */
export function formatCodeableConcept(concept: CodeableConcept | undefined): string {
  if (!concept) return '';
  return concept.text || formatCoding(concept.coding?.[0]);
}

/** Several concepts in a row ('Doctor, Nurse'), leaving out the empty ones. */
export function formatCodeableConcepts(concepts: readonly CodeableConcept[] | undefined): string {
  return (concepts ?? []).map(formatCodeableConcept).filter(Boolean).join(', ');
}
