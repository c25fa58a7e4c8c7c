import type { Identifier, Patient, ServiceRequest } from '@medplum/fhirtypes';
import { formatCodeableConcept } from '../format/concept';
import { formatHumanName } from '../format/human-name';

/** At most this many results of each kind. */
export const GLOBAL_SEARCH_LIMIT = 5;

/** What the header search finds: patients and service requests. */
export type GlobalSearchResource = Patient | ServiceRequest;

export interface GlobalSearchResult {
  resourceType: GlobalSearchResource['resourceType'];
  id: string;
  /** 'Jane Doe' or the service request's code. */
  label: string;
  /** The identifier or name that matched, when it is not the label. */
  detail?: string;
  /** Where the query starts in the text that matched best: 0 is a match at the very start. */
  position: number;
}

function identifierValues(identifiers: Identifier[] | undefined): string[] {
  return (identifiers ?? []).flatMap((identifier) => (identifier.value ? [identifier.value] : []));
}

function labelOf(resource: GlobalSearchResource): string {
  if (resource.resourceType === 'Patient')
    return formatHumanName(resource.name?.[0]) || `Patient/${resource.id}`;
  return formatCodeableConcept(resource.code) || `ServiceRequest/${resource.id}`;
}

/** The texts a query may match: every identifier value and every name. */
function searchableTexts(resource: GlobalSearchResource): string[] {
  const names =
    resource.resourceType === 'Patient'
      ? (resource.name ?? []).map((name) => formatHumanName(name, { prefix: false, suffix: false }))
      : [];
  return [...identifierValues(resource.identifier), ...names].filter(Boolean);
}

/**
 * The best place the query appears in the resource's identifiers and names: the earliest position,
 * then the shortest text (an exact identifier beats a longer one starting alike). Case is ignored.
 */
function bestMatch(
  resource: GlobalSearchResource,
  query: string
): { position: number; text: string } | undefined {
  const needle = query.trim().toLowerCase();
  if (!needle) return undefined;
  let best: { position: number; text: string } | undefined;
  for (const text of searchableTexts(resource)) {
    const position = text.toLowerCase().indexOf(needle);
    if (position < 0) continue;
    if (!best || position < best.position || (position === best.position && text.length < best.text.length)) {
      best = { position, text };
    }
  }
  return best;
}

/**
 * Ranks resources by how early the query matches one of their identifiers or names, leaving out the
 * ones it does not match at all; ties go to the shorter matching text, then the label in alphabetical
 * order. Keeps at most `limit`.
 */
export function rankGlobalSearch(
  query: string,
  resources: readonly GlobalSearchResource[],
  limit = GLOBAL_SEARCH_LIMIT
): GlobalSearchResult[] {
  const ranked = resources.flatMap((resource) => {
    const match = bestMatch(resource, query);
    if (!match || !resource.id) return [];
    const label = labelOf(resource);
    const result: GlobalSearchResult = {
      resourceType: resource.resourceType,
      id: resource.id,
      label,
      position: match.position,
    };
    if (match.text !== label) result.detail = match.text;
    return [{ result, length: match.text.length }];
  });
  ranked.sort(
    (a, b) =>
      a.result.position - b.result.position ||
      a.length - b.length ||
      a.result.label.localeCompare(b.result.label)
  );
  return ranked.slice(0, limit).map(({ result }) => result);
}
