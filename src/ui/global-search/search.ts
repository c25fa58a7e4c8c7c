import type { ReplicaReader } from '../replica/reader';
import { searchReplica } from '../replica/search';
import {
  GLOBAL_SEARCH_LIMIT,
  rankGlobalSearch,
  type GlobalSearchResource,
  type GlobalSearchResult,
} from './ranking';

/** The header search waits this long after the last keystroke before it searches. */
export const GLOBAL_SEARCH_DEBOUNCE_MS = 100;

/** Candidates read per search before ranking: enough that the five best are among them. */
const CANDIDATES = 50;

export interface GlobalSearchResults {
  patients: GlobalSearchResult[];
  serviceRequests: GlobalSearchResult[];
}

/** A text as a quoted _filter value: quotes and backslashes escaped. */
const quoted = (text: string) => `"${text.replace(/[\\"]/g, (character) => `\\${character}`)}"`;

/**
 * Each kind's FHIR searches. Patients: a name contains the query or an identifier is the query, in
 * one pass over the replica (one read of the patients, not two).
 */
function searches(query: string): Record<GlobalSearchResource['resourceType'], string[]> {
  const count = `&_count=${CANDIDATES}`;
  const patients = new URLSearchParams({
    _filter: `name co ${quoted(query)} or identifier eq ${quoted(query)}`,
  });
  return {
    Patient: [`${patients.toString()}${count}`],
    ServiceRequest: [`identifier=${encodeURIComponent(query)}${count}`],
  };
}

async function searchKind(
  reader: ReplicaReader,
  resourceType: GlobalSearchResource['resourceType'],
  queries: string[],
  query: string
): Promise<GlobalSearchResult[]> {
  const answers = await Promise.all(queries.map((search) => searchReplica(reader, resourceType, search)));
  const found = new Map<string, GlobalSearchResource>();
  for (const answer of answers) {
    if (answer.status !== 'ready') continue;
    for (const record of answer.records) found.set(record.key, record.resource as GlobalSearchResource);
  }
  return rankGlobalSearch(query, [...found.values()], GLOBAL_SEARCH_LIMIT);
}

/**
 * Patients and service requests for the header search, from the replica through the local query
 * engine (so it answers offline): at most five of each, best first. An empty query finds nothing.
 */
export async function globalSearch(reader: ReplicaReader, query: string): Promise<GlobalSearchResults> {
  const trimmed = query.trim();
  if (!trimmed) return { patients: [], serviceRequests: [] };
  const kinds = searches(trimmed);
  const [patients, serviceRequests] = await Promise.all([
    searchKind(reader, 'Patient', kinds.Patient, trimmed),
    searchKind(reader, 'ServiceRequest', kinds.ServiceRequest, trimmed),
  ]);
  return { patients, serviceRequests };
}
