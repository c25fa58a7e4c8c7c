import type { Bundle, BundleEntry, CapabilityStatement, Resource } from '@medplum/fhirtypes';
import { resourceKey, type ReplicaTransaction } from '@/db/types';
import { batchEntryError, batchGet, bundleResources, withQuery } from '@/sync/fhir/fhir-client';
import { classify } from '@/sync/engine/conflict-rules';
import { isNewer, type SyncContext } from '@/sync/engine/context';
import { acceptServerVersions } from '@/sync/engine/record';
import type { Newest } from './newest';
import { META_CAPABILITIES, META_FOLLOWED_TYPES } from '@/sync/engine/types';

/*
 * What the first load and the delta pulls share: reading several addresses in one round trip,
 * storing server versions, the followed types and their cursors, and the reads of what tasks point at.
 */

/** Bases whose parameters apply to every type. */
export const COMMON_SEARCH_BASES = ['Resource', 'DomainResource'];
/** Types always followed by deltas; focus types join when tasks point at them. */
export const CORE_TYPES = ['Task', 'Patient', 'Practitioner', 'PractitionerRole', 'ValueSet'];
export const ID_CHUNK = 50;

/**
 * Several independent GETs (addresses relative to the FHIR base) in one round trip: a batch Bundle.
 * Each answer is the resource, or the error a direct request for it raised: an entry that failed
 * in the batch (or a server that refuses batches) is asked again on its own, side by side.
 */
export async function readTogether(context: SyncContext, urls: string[]): Promise<(Resource | Error)[]> {
  let answers: BundleEntry[] | undefined;
  if (urls.length > 1) {
    try {
      answers = await context.fhir.batch(urls.map((url) => batchGet(url)));
      context.reached();
    } catch (error) {
      const outcome = classify(error);
      if (outcome === 'transient' || outcome === 'unauthenticated') throw error;
    }
  }
  return Promise.all(
    urls.map(async (url, index) => {
      const answer = answers?.[index];
      if (answer?.resource && !batchEntryError(answer)) return answer.resource;
      try {
        return await context.fhir.get<Resource>(context.fhir.url(url), { noCache: true });
      } catch (error) {
        const outcome = classify(error);
        if (outcome === 'transient' || outcome === 'unauthenticated') throw error;
        return error instanceof Error ? error : new Error(String(error));
      }
    })
  );
}

/** An answer the load cannot do without: its error is the load's. */
export function required<T extends Resource>(answer: Resource | Error | undefined): T {
  if (answer === undefined) throw new Error('No answer');
  if (answer instanceof Error) throw answer;
  return answer as T;
}

/** Every resource of a search whose first page is in hand. */
export async function allOf(context: SyncContext, first: Bundle): Promise<Resource[]> {
  const found: Resource[] = [];
  for await (const bundle of context.fhir.pagesFrom(first)) found.push(...bundleResources(bundle));
  return found;
}

export type Batch = Map<string, Resource>;

/** Adds server versions to a batch, keeping the newest of each resource. */
export function collect(batch: Batch, resources: Resource[], newest: Newest): void {
  for (const resource of resources) {
    if (!resource.id) continue;
    const key = keyOf(resource);
    const held = batch.get(key);
    if (!held || isNewer(resource, held)) batch.set(key, resource);
    newest.remember(resource);
  }
}

export const keyOf = (resource: Resource): string => resourceKey(resource.resourceType, resource.id ?? '');

export async function followedTypes(tx: ReplicaTransaction): Promise<string[]> {
  const known = (await tx.getMeta<string[]>(META_FOLLOWED_TYPES)) ?? [];
  return [...new Set([...CORE_TYPES, ...known])];
}

/** Reads what pulled tasks point at (patients, owners, focus) and the replica lacks, by _id. */
export async function fetchMissingReferences(
  context: SyncContext,
  newest: Newest,
  batch?: Batch,
  alongside: string[] = []
): Promise<(Resource | Error)[]> {
  const wanted = new Map<string, Set<string>>();
  const unbatched = newest.references().filter((reference) => !batch?.has(reference));
  // One read for every reference, not one awaited after another.
  const held = await context.replica.transaction((tx) => tx.getResourcesByKeys(unbatched));
  unbatched.forEach((reference, index) => {
    if (held[index]) return;
    const [type = '', id = ''] = reference.split('/');
    if (!wanted.has(type)) wanted.set(type, new Set());
    wanted.get(type)?.add(id);
  });
  const urls: string[] = [];
  for (const [type, ids] of wanted) {
    const list = [...ids];
    for (let i = 0; i < list.length; i += ID_CHUNK) {
      urls.push(withQuery(type, { _id: list.slice(i, i + ID_CHUNK).join(','), _count: ID_CHUNK }));
    }
  }
  const found: Resource[] = [];
  const answers =
    urls.length + alongside.length > 0 ? await readTogether(context, [...urls, ...alongside]) : [];
  for (const answer of answers.slice(0, urls.length)) found.push(...(await allOf(context, required(answer))));
  const extra = answers.slice(urls.length);
  if (batch) collect(batch, found, newest);
  else await store(context, found, newest);
  const types = [...wanted.keys()];
  if (types.length === 0 || batch) return extra;
  await context.replica.transaction((tx) => followTypes(tx, types, newest));
  return extra;
}

/**
 * Adds types to those the pull follows by deltas, each from the newest version seen of it: what the
 * replica holds of them then stays current.
 */
export async function followTypes(tx: ReplicaTransaction, types: string[], newest: Newest): Promise<void> {
  const followed = await followedTypes(tx);
  const added = types.filter((type) => !followed.includes(type));
  if (added.length === 0) return;
  await tx.putMeta(
    META_FOLLOWED_TYPES,
    [...followed, ...added].filter((type) => !CORE_TYPES.includes(type))
  );
  const historyTypes = (await tx.getMeta<string[]>(META_CAPABILITIES)) ?? [];
  for (const type of added) {
    if (await tx.getCursor(type)) continue;
    const mode = historyTypes.includes(type) ? 'history' : 'search';
    await tx.putCursor({ resourceType: type, since: newest.of(type) ?? newest.overall() ?? '', mode });
  }
}

/** Stores a page of server versions in one transaction. */
export async function store(context: SyncContext, resources: Resource[], newest: Newest): Promise<void> {
  if (resources.length === 0) return;
  context.reached();
  await context.replica.transaction(async (tx) => {
    for (const key of await acceptServerVersions(tx, resources)) context.touched.add(key);
  });
  for (const resource of resources) if (resource.id) newest.remember(resource);
}

/** The types the server offers type history for, from its CapabilityStatement. */
export function historyTypesOf(statement: CapabilityStatement | undefined): string[] {
  return (statement?.rest ?? []).flatMap((rest) =>
    (rest.resource ?? [])
      .filter((resource) => resource.interaction?.some((interaction) => interaction.code === 'history-type'))
      .map((resource) => resource.type as string)
  );
}
