import { useServerRead, type ServerState } from '@/ui';
import { readHistory, type VersionEntry } from './history';

/** The versions of a resource from the server's instance history. */
export function useHistory(resourceType: string, id: string): ServerState<VersionEntry[]> {
  return useServerRead(`${resourceType}/${id}/_history`, (fhir) => readHistory(fhir, resourceType, id));
}
