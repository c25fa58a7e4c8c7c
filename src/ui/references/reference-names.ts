import type { Reference } from '@medplum/fhirtypes';
import { formatReference } from '../format/identifier';

/** What the screens know of referenced resources' names: 'Patient/123' → 'Homer Simpson'. */
export type ReferenceNames = ReadonlyMap<string, string>;

/** No names known: references read as their display or themselves. */
export const NO_NAMES: ReferenceNames = new Map();

/**
 * A reference as people read it: its display, else the name of the resource it points at (when the
 * replica holds it), else the reference itself. A real server keeps references as written, often
 * without a display, so 'Patient/123' alone would otherwise reach the screen.
 */
export function referenceLabel(reference: Reference | undefined, names: ReferenceNames): string {
  if (!reference) return '';
  if (reference.display) return reference.display;
  return names.get(reference.reference ?? '') || formatReference(reference);
}

/** The references among these that carry no display, whose names must be looked up. */
export function referencesWithoutDisplay(references: (Reference | undefined)[]): string[] {
  const wanted = new Set<string>();
  for (const reference of references) {
    if (reference?.reference && !reference.display && /^[A-Za-z]+\/[^/]+$/.test(reference.reference)) {
      wanted.add(reference.reference);
    }
  }
  return [...wanted].sort();
}
