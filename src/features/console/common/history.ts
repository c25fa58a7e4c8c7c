import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { FhirClient } from '@/ui';

/** One version of a resource as its history lists it. */
export interface VersionEntry {
  versionId: string;
  /** ISO instant of the version. */
  date: string;
  author: string;
  /** The request that made it: POST, PUT, PATCH, DELETE. */
  method?: string;
  resource?: Resource;
}

/** The versions of a history bundle, newest first as the server lists them. */
export function versionEntries(bundles: Bundle[]): VersionEntry[] {
  return bundles.flatMap((bundle) =>
    (bundle.entry ?? []).map((entry) => {
      const meta = entry.resource?.meta;
      const fromUrl = /_history\/([^/?]+)/.exec(entry.fullUrl ?? entry.response?.location ?? '')?.[1];
      return {
        versionId: meta?.versionId ?? fromUrl ?? '',
        date: meta?.lastUpdated ?? entry.response?.lastModified ?? '',
        author: meta?.author?.display ?? meta?.author?.reference ?? '',
        method: entry.request?.method,
        resource: entry.resource,
      };
    })
  );
}

/** Every page of one resource's history. */
export async function readHistory(
  fhir: FhirClient,
  resourceType: string,
  id: string
): Promise<VersionEntry[]> {
  const bundles: Bundle[] = [];
  for await (const bundle of fhir.instanceHistory(resourceType, id)) bundles.push(bundle);
  return versionEntries(bundles);
}
