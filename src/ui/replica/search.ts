import type { Resource } from '@medplum/fhirtypes';
import type { StoredResource } from '@/db/types';
import {
  createLocalQueryEngine,
  SEARCH_PARAMETERS_META_KEY,
  SEARCH_PARAMETERS_STAMP_META_KEY,
  searchParametersStamp,
  type CachedSearchParameters,
  type LocalQueryEngine,
} from '@/sync/local-query';
import type { ReplicaReader } from './reader';

/** What a FHIR search of the replica gives the screen. */
export type ReplicaSearchState =
  | { status: 'loading' }
  /** One page of matches in the search's order, as the replica holds them, and the total before paging. */
  | { status: 'ready'; records: StoredResource[]; total: number }
  /** The replica does not hold this type (or has not loaded its search definitions yet). */
  | { status: 'not-held' }
  /** The search is one the server would refuse too (unknown parameter, malformed value). */
  | { status: 'invalid'; message: string };

interface CachedEngine {
  stamp: string;
  bases: readonly string[];
  engine: LocalQueryEngine;
}

let cachedEngine: CachedEngine | undefined;

/**
 * One engine per version of the cached definitions: building the registry is the costly part, and
 * reading the definitions costs a deserialisation of all of them, so a read whose stamp names the
 * engine's version reads only the stamp.
 */
async function engineOf(reader: ReplicaReader): Promise<CachedEngine | undefined> {
  const stamp = (await reader.meta<{ stamp?: string }>(SEARCH_PARAMETERS_STAMP_META_KEY))?.stamp;
  if (stamp !== undefined && cachedEngine?.stamp === stamp) return cachedEngine;
  const definitions = await reader.meta<CachedSearchParameters>(SEARCH_PARAMETERS_META_KEY);
  if (!definitions) return undefined;
  const version = searchParametersStamp(definitions);
  if (cachedEngine?.stamp !== version) {
    cachedEngine = {
      stamp: version,
      bases: definitions.bases,
      engine: createLocalQueryEngine({ definitions: definitions.parameters }),
    };
  }
  return cachedEngine;
}

/** Runs a FHIR search (`owner=...&_sort=...&_count=20`) over the replica with the server's semantics. */
export async function searchReplica(
  reader: ReplicaReader,
  resourceType: string,
  query: string
): Promise<ReplicaSearchState> {
  const cached = await engineOf(reader);
  if (!cached || !cached.bases.includes(resourceType)) return { status: 'not-held' };
  let found: { resources: Resource[]; total?: number };
  try {
    found = await cached.engine.searchReplica(reader.search, resourceType, new URLSearchParams(query));
  } catch (error) {
    return { status: 'invalid', message: error instanceof Error ? error.message : String(error) };
  }
  const keys = found.resources.map((resource) => `${resource.resourceType}/${resource.id ?? ''}`);
  const byKey = new Map((await reader.search.getResources(keys)).map((record) => [record.key, record]));
  const records = keys.flatMap((key) => {
    const record = byKey.get(key);
    return record ? [record] : [];
  });
  return { status: 'ready', records, total: found.total ?? records.length };
}
