import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';
import { useEffect, useMemo, useState } from 'react';
import {
  useCommands,
  useReplicaQuery,
  useServerRead,
  type FhirClient,
  type ServerState,
  type StoredResource,
} from '@/ui';
import {
  COMMUNICATION_SUBJECTS,
  MEDIA_BASED_ON,
  MEDIA_SUBJECTS,
  patientOf,
  referenceOf,
} from './timeline-rules';
import { useRelatedTasks } from './use-related-tasks';

/** The types read whole from the replica (the tasks come by an indexed search: there are many). */
const LISTED_TYPES = ['Communication', 'Media', 'AuditEvent'];

/** Most resources of each search the timeline reads. */
export const TIMELINE_COUNT = 100;

/**
 * The searches that find what is about a resource: comments based on it (or whose subject it is, or
 * the messages of a thread),
 * attachments by the pointer Media allows for its type, tasks by based-on, focus or subject, and
 * audit events naming it; each _count 100, newest first.
 */
export function timelineSearches(resource: Resource): string[] {
  const ref = referenceOf(resource);
  const page = `_count=${TIMELINE_COUNT}&_sort=-_lastUpdated`;
  const searches = [`Communication?based-on=${ref}&${page}`];
  // A message thread's timeline lists its messages: they are part of it.
  if (resource.resourceType === 'Communication') searches.push(`Communication?part-of=${ref}&${page}`);
  if (COMMUNICATION_SUBJECTS.includes(resource.resourceType))
    searches.push(`Communication?subject=${ref}&${page}`);
  if (MEDIA_SUBJECTS.includes(resource.resourceType)) searches.push(`Media?subject=${ref}&${page}`);
  else if (MEDIA_BASED_ON.includes(resource.resourceType)) searches.push(`Media?based-on=${ref}&${page}`);
  else if (resource.resourceType === 'Encounter') searches.push(`Media?encounter=${ref}&${page}`);
  else {
    // Media has no search by what it is part of: its patient's attachments, the screen keeps those about this one.
    const patient = patientOf(resource)?.reference;
    if (patient) searches.push(`Media?subject=${patient}&${page}`);
  }
  for (const pointer of ['based-on', 'focus', 'subject']) searches.push(`Task?${pointer}=${ref}&${page}`);
  searches.push(`AuditEvent?entity=${ref}&${page}`);
  return searches;
}

/** Every search in one batch Bundle (one round trip); a search the server refuses is left out. */
async function readTimeline(fhir: FhirClient, searches: string[]): Promise<Resource[]> {
  const entries: BundleEntry[] = searches.map((url) => ({ request: { method: 'GET', url } }));
  const answers = await fhir.batch(entries);
  return answers.flatMap((answer) => {
    const bundle = answer.resource as Bundle | undefined;
    if (bundle?.resourceType !== 'Bundle') return [];
    return (bundle.entry ?? []).flatMap((entry) =>
      entry.resource && entry.search?.mode !== 'include' ? [entry.resource] : []
    );
  });
}

export interface TimelineResources {
  /** The replica's records of the types a timeline lists (the caller keeps those about the resource). */
  records: StoredResource[] | undefined;
  server: ServerState<Resource[]>;
}

/**
 * What is about a resource, live from the replica. Online the server is asked too and what it finds
 * is kept in the replica, so the timeline is there offline and a pin or a comment shows at once.
 */
export function useTimelineResources(resource: Resource, refresh = 0): TimelineResources {
  const { keepServerVersions } = useCommands();
  const searches = useMemo(() => timelineSearches(resource), [resource]);
  const server = useServerRead(`timeline ${searches.join(' ')}#${refresh}`, (fhir) =>
    readTimeline(fhir, searches)
  );
  const found = server.status === 'ready' ? server.data : undefined;
  // Read again once the server's answers are kept (a replica in memory announces no commit).
  const [kept, setKept] = useState(0);
  useEffect(() => {
    if (!found || found.length === 0) return;
    keepServerVersions(found).then(
      () => setKept((count) => count + 1),
      () => undefined
    );
  }, [found, keepServerVersions]);
  const read = useReplicaQuery(
    async (reader) => {
      const all = await Promise.all(LISTED_TYPES.map((type) => reader.recordsOfType(type)));
      return all.flat();
    },
    [kept],
    // The same read on every timeline: the screen keeps what is about its resource.
    { remember: 'timeline records' }
  );
  // While the read after a keep is on its way the cards already drawn stay: the timeline must not
  // collapse for a moment (a reader scrolled down would be thrown back to the top).
  const [others, setOthers] = useState(read);
  if (read !== undefined && read !== others) setOthers(read);
  const tasks = useRelatedTasks(resource.resourceType, resource.id ?? '');
  const records = useMemo(() => (others && tasks ? [...others, ...tasks] : undefined), [others, tasks]);
  return { records, server };
}
