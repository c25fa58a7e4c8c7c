import type { Bundle, BundleEntry, Reference, Resource } from '@medplum/fhirtypes';
import { useEffect, useState } from 'react';
import type { FhirClient } from '@/sync/fhir/fhir-client';
import { useCommands } from '../hooks/use-commands';
import { useServerRead } from '../hooks/use-server';
import { useReplicaQuery } from '../use-replica-query';
import { resourceName } from '../format/resource-name';
import { NO_NAMES, referencesWithoutDisplay, type ReferenceNames } from './reference-names';

/** Most resources of one type asked for in one search of the names the replica lacks. */
const NAMES_PER_SEARCH = 100;

/**
 * The searches that read the resources these references point at: one per type, by _id
 * ('Practitioner?_id=a,b&_count=2'), in one batch.
 */
export function nameSearches(references: readonly string[]): string[] {
  const ids = new Map<string, string[]>();
  for (const reference of references) {
    const [type, id] = reference.split('/');
    if (!type || !id) continue;
    ids.set(type, [...(ids.get(type) ?? []), id]);
  }
  return [...ids].flatMap(([type, all]) => {
    const searches: string[] = [];
    for (let start = 0; start < all.length; start += NAMES_PER_SEARCH) {
      const some = all.slice(start, start + NAMES_PER_SEARCH);
      searches.push(`${type}?_id=${some.map(encodeURIComponent).join(',')}&_count=${some.length}`);
    }
    return searches;
  });
}

/** The resources the searches find; a search the server refuses (a type the user may not read) finds none. */
async function readNamed(fhir: FhirClient, searches: string[]): Promise<Resource[]> {
  const entries: BundleEntry[] = searches.map((url) => ({ request: { method: 'GET', url } }));
  const answers = await fhir.batch(entries);
  return answers.flatMap((answer) => {
    const bundle = answer.resource as Bundle | undefined;
    if (bundle?.resourceType !== 'Bundle') return [];
    return (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
  });
}

/**
 * The names of the resources these references point at without a display (live), from the replica.
 * Those the replica does not hold are read from the server once (online) and kept in the replica,
 * so a sender or recipient reads as a name, not as 'Practitioner/123', here and offline later.
 */
export function useReferenceNames(references: (Reference | undefined)[]): ReferenceNames {
  const { keepServerVersions } = useCommands();
  const wanted = referencesWithoutDisplay(references);
  const key = wanted.join(' ');
  // Read again once the server's answers are kept (a replica in memory announces no commit).
  const [kept, setKept] = useState(0);
  const names = useReplicaQuery(
    async (reader) => {
      const found = new Map<string, string>();
      const missing: string[] = [];
      for (const reference of wanted) {
        const record = await reader.record(reference);
        const name = resourceName(record?.resource);
        if (name) found.set(reference, name);
        else if (!record) missing.push(reference);
      }
      return { found, missing: missing.join(' ') };
    },
    // The lookup depends only on which references are wanted, joined into one stable key.
    [key, kept]
  );
  const missing = names?.missing ?? '';
  const server = useServerRead(missing ? `names ${missing}` : null, (fhir) =>
    readNamed(fhir, nameSearches(missing.split(' ')))
  );
  const read = server.status === 'ready' ? server.data : undefined;
  useEffect(() => {
    if (!read || read.length === 0) return;
    keepServerVersions(read).then(
      () => setKept((count) => count + 1),
      () => undefined
    );
  }, [read, keepServerVersions]);
  return names?.found.size ? names.found : NO_NAMES;
}
