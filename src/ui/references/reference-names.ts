import type { HumanName, Reference, Resource } from '@medplum/fhirtypes';
import { formatCodeableConcept } from '../format/concept';
import { formatHumanName } from '../format/human-name';
import { formatReference } from '../format/identifier';

/** What the screens know of referenced resources' names: 'Patient/123' → 'Homer Simpson'. */
export type ReferenceNames = ReadonlyMap<string, string>;

/** No names known: references read as their display or themselves. */
export const NO_NAMES: ReferenceNames = new Map();

/** The name people know a resource by: a person's name, else a name or title, else ''. */
export function resourceName(resource: Resource | undefined): string {
  if (!resource) return '';
  const named = resource as { name?: unknown; title?: unknown; code?: unknown };
  if (Array.isArray(named.name)) return formatHumanName(named.name[0] as HumanName | undefined);
  if (typeof named.name === 'string') return named.name;
  if (typeof named.title === 'string') return named.title;
  if (resource.resourceType === 'PractitionerRole' && Array.isArray(named.code)) {
    return formatCodeableConcept(named.code[0]);
  }
  return '';
}

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
