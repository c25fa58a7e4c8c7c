import type {
  Bundle,
  BundleEntry,
  CapabilityStatement,
  PractitionerRole,
  Resource,
  SearchParameter,
} from '@medplum/fhirtypes';
import { resourceKey, type ReplicaTransaction, type SyncCursor } from '@/db/types';
import { batchEntryError, batchGet, bundleResources, historyParams, withQuery } from '../fhir/fhir-client';
import { classify } from './conflict-rules';
import { isNewer, nowIso, type SyncContext } from './context';
import { acceptServerVersion, keysWithLocalChanges, writeRecord } from './record';
import { Newest } from './newest';
import { pruneBeyondCap } from './prune';
import { taskQueries, userScope, type TaskQuery } from './scope';
import { searchParameterQuery, writeSearchParameters } from '../local-query/definitions';
import { META_CAPABILITIES, META_FOLLOWED_TYPES, META_LAST_RECONCILE, META_SCOPE } from './types';

/** Bases whose parameters apply to every type. */
const COMMON_SEARCH_BASES = ['Resource', 'DomainResource'];
/** Types always followed by deltas; focus types join when tasks point at them. */
const CORE_TYPES = ['Task', 'Patient', 'Practitioner', 'PractitionerRole', 'ValueSet'];
const ID_CHUNK = 50;

/** Pulls from the server: everything in scope the first time, then what changed since each cursor. */
export async function pull(context: SyncContext): Promise<void> {
  const taskCursor = await context.replica.transaction((tx) => tx.getCursor('Task'));
  if (!taskCursor) await fullLoad(context);
  else await pullDeltas(context);
}

/** How far a first load is: the tasks it holds so far and a rough share of what it expects. */
export interface LoadProgress {
  rows: number;
  percent: number;
}

/**
 * The first load, in as few round trips as it can: one batch Bundle for what does not depend on
 * anything (capabilities, profile, roles, value sets, and the first page of My Tasks and All Tasks),
 * whose tasks are stored at once so the list draws; then one for the role and state queues and the
 * search parameters, the later pages of every queue side by side, and one for what the tasks point
 * at. The sync cursors are written last, so a load cut short starts again (storing is idempotent).
 */
export async function fullLoad(context: SyncContext): Promise<void> {
  const reference = context.profile.reference ?? '';
  const [profileType = '', profileId = ''] = reference.split('/');
  const count = context.pageSize;
  const openingQueues = taskQueries(context, userScope(undefined, [])).map((query) => new QueueLoad(query));
  const first = await readTogether(context, [
    'metadata',
    `${profileType}/${profileId}`,
    withQuery('PractitionerRole', { practitioner: reference, _count: count }),
    withQuery('ValueSet', { _count: count }),
    ...openingQueues.map((queue) => queue.url),
  ]);
  const [statement, profile, rolesPage, valueSetsPage, ...queuePages] = first;
  const historyTypes = historyTypesOf(
    statement instanceof Error ? undefined : (statement as CapabilityStatement)
  );
  await context.replica.transaction((tx) => tx.putMeta(META_CAPABILITIES, historyTypes));
  const valueSets = allOf(context, required(valueSetsPage));
  const roles = (await allOf(context, required(rolesPage))) as PractitionerRole[];
  const scope = userScope(required(profile), roles);
  const newest = new Newest();
  const batch: Batch = new Map();
  collect(batch, [required(profile), ...roles], newest);
  openingQueues.forEach((queue, index) => collect(batch, queue.take(required(queuePages[index])), newest));

  const stored = new Map<string, Resource>();
  await storeLoaded(context, batch, stored, async (tx) => {
    await tx.putMeta(META_SCOPE, {
      roleCodes: scope.roleCodes,
      states: scope.states,
      loadedAt: nowIso(context),
    });
  });
  const progress = (done = false): void => context.progress?.(loadProgress(batch, allQueues, done));
  const laterQueues = taskQueries(context, scope)
    .filter((query) => !openingQueues.some((queue) => queue.query.name === query.name))
    .map((query) => new QueueLoad(query));
  const allQueues = [...openingQueues, ...laterQueues];
  progress();

  const guessedBases = [...COMMON_SEARCH_BASES, ...new Set([...CORE_TYPES, ...newest.types()])];
  const second = await readTogether(context, [
    ...laterQueues.map((queue) => queue.url),
    withQuery('SearchParameter', searchParameterQuery(guessedBases)),
  ]);
  laterQueues.forEach((queue, index) => collect(batch, queue.take(required(second[index])), newest));
  const searchParameters = await allOf(context, required(second[laterQueues.length]));
  await storeLoaded(context, batch, stored);
  progress();

  await Promise.all(
    allQueues.map(async (queue) => {
      for await (const page of queue.rest(context)) collect(batch, page, newest);
    })
  );
  // The search parameters of the types the tasks point at travel with the reads of those resources.
  const referencedTypes = newest.references().map((key) => key.split('/')[0] ?? '');
  const unguessed = [...new Set([...newest.types(), ...referencedTypes])].filter(
    (base) => base && !guessedBases.includes(base)
  );
  const alongside =
    unguessed.length > 0 ? [withQuery('SearchParameter', searchParameterQuery(unguessed))] : [];
  for (const answer of await fetchMissingReferences(context, newest, batch, alongside)) {
    searchParameters.push(...(await allOf(context, required(answer))));
  }
  collect(batch, await valueSets, newest);
  const types = new Set([...CORE_TYPES, ...newest.types()]);
  const searchBases = [...new Set([...guessedBases, ...unguessed, ...types])];
  context.reached();
  await storeLoaded(context, batch, stored, async (tx) => {
    await writeSearchParameters(tx, searchParameters.filter(isSearchParameter), {
      fetchedAt: nowIso(context),
      bases: searchBases,
    });
    // A full load is as good as a reconcile: nothing it did not find is held.
    await tx.putMeta(META_LAST_RECONCILE, context.clock.now());
    const followed = newest.types().filter((type) => !CORE_TYPES.includes(type));
    await tx.putMeta(META_FOLLOWED_TYPES, followed);
    for (const type of types) {
      const mode = historyTypes.includes(type) ? 'history' : 'search';
      await tx.putCursor({ resourceType: type, since: newest.of(type) ?? newest.overall() ?? '', mode });
    }
  });
  progress(true);
}

/** One task query of a first load: its matches so far against its cap, and where its next page is. */
class QueueLoad {
  private matches = 0;
  private next: string | undefined;
  total = 0;

  constructor(readonly query: TaskQuery) {}

  get url(): string {
    return withQuery('Task', this.query.params);
  }

  /** The resources of a page, matches beyond the cap left out. */
  take(bundle: Bundle): Resource[] {
    const { max } = this.query;
    if (this.matches === 0) this.total = Math.min(bundle.total ?? bundle.entry?.length ?? 0, max ?? Infinity);
    const page: Resource[] = [];
    for (const entry of bundle.entry ?? []) {
      if (!entry.resource) continue;
      const isMatch = entry.search?.mode !== 'include' && entry.resource.resourceType === 'Task';
      if (isMatch && max !== undefined && this.matches >= max) continue;
      if (isMatch) this.matches++;
      page.push(entry.resource);
    }
    const full = max !== undefined && this.matches >= max;
    this.next = full ? undefined : bundle.link?.find((link) => link.relation === 'next')?.url;
    return page;
  }

  /** The pages after the first, one after another. */
  async *rest(context: SyncContext): AsyncGenerator<Resource[]> {
    while (this.next) {
      const bundle: Bundle = await context.fhir.get<Bundle>(context.fhir.url(this.next), { noCache: true });
      yield this.take(bundle);
    }
  }
}

function loadProgress(batch: Batch, queues: QueueLoad[], done: boolean): LoadProgress {
  let rows = 0;
  for (const key of batch.keys()) if (key.startsWith('Task/')) rows++;
  const expected = queues.reduce((sum, queue) => sum + queue.total, 0);
  const percent = done ? 100 : Math.min(99, expected > 0 ? Math.floor((rows / expected) * 100) : 0);
  return { rows, percent };
}

/** Stores what a load gathered and has not stored yet, in one transaction, with `more` written alongside. */
async function storeLoaded(
  context: SyncContext,
  batch: Batch,
  stored: Map<string, Resource>,
  more?: (tx: ReplicaTransaction) => Promise<void>
): Promise<void> {
  const fresh = patientsFirst(
    [...batch.values()].filter((resource) => stored.get(keyOf(resource)) !== resource)
  );
  context.reached();
  if (context.stopped?.()) throw new Error('Sync stopped');
  await context.replica.transaction(async (tx) => {
    // Patients before the tasks that point at them, so each task finds its patient's state once
    // instead of every patient rewriting the tasks stored before it.
    for (const resource of fresh) {
      if (await acceptServerVersion(tx, resource)) context.touched.add(keyOf(resource));
    }
    await more?.(tx);
  });
  for (const resource of fresh) stored.set(keyOf(resource), resource);
  context.flushTouched?.();
}

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
function required<T extends Resource>(answer: Resource | Error | undefined): T {
  if (answer === undefined) throw new Error('No answer');
  if (answer instanceof Error) throw answer;
  return answer as T;
}

/** Every resource of a search whose first page is in hand. */
async function allOf(context: SyncContext, first: Bundle): Promise<Resource[]> {
  const found: Resource[] = [];
  for await (const bundle of context.fhir.pagesFrom(first)) found.push(...bundleResources(bundle));
  return found;
}

function isSearchParameter(resource: Resource): resource is SearchParameter {
  return resource.resourceType === 'SearchParameter';
}

type Batch = Map<string, Resource>;

function patientsFirst(resources: Iterable<Resource>): Resource[] {
  const list = [...resources];
  return [
    ...list.filter((r) => r.resourceType === 'Patient'),
    ...list.filter((r) => r.resourceType !== 'Patient'),
  ];
}

/** Adds server versions to a batch, keeping the newest of each resource. */
function collect(batch: Batch, resources: Resource[], newest: Newest): void {
  for (const resource of resources) {
    if (!resource.id) continue;
    const key = keyOf(resource);
    const held = batch.get(key);
    if (!held || isNewer(resource, held)) batch.set(key, resource);
    newest.remember(resource);
  }
}

const keyOf = (resource: Resource): string => resourceKey(resource.resourceType, resource.id ?? '');

/** Deltas of every followed type since its cursor; deletes included. */
export async function pullDeltas(context: SyncContext): Promise<void> {
  const cursors = await context.replica.transaction(async (tx) => {
    const found: SyncCursor[] = [];
    for (const type of await followedTypes(tx)) {
      const cursor = await tx.getCursor(type);
      if (cursor) found.push(cursor);
    }
    return found;
  });
  const newest = new Newest();
  const firstPages = await firstPagesOf(context, cursors);
  for (const [index, cursor] of cursors.entries()) {
    const first = firstPages[index];
    if (cursor.mode === 'history') {
      const pages = first
        ? context.fhir.pagesFrom(first)
        : context.fhir.typeHistory(cursor.resourceType, historyOptions(context, cursor));
      await historyDelta(context, cursor, newest, pages);
    } else {
      const pages = first
        ? context.fhir.pagesFrom(first)
        : context.fhir.searchPages(cursor.resourceType, searchDeltaParams(context, cursor), {
            noCache: true,
          });
      await searchDelta(context, cursor, newest, pages);
    }
  }
  await fetchMissingReferences(context, newest);
  await reconcileIfDue(
    context,
    cursors.filter((cursor) => cursor.mode === 'search')
  );
  // Only a delta that brought tasks can have pushed the replica past the All Tasks cap.
  if (newest.of('Task') !== undefined) await pruneBeyondCap(context);
}

async function followedTypes(tx: ReplicaTransaction): Promise<string[]> {
  const known = (await tx.getMeta<string[]>(META_FOLLOWED_TYPES)) ?? [];
  return [...new Set([...CORE_TYPES, ...known])];
}

/**
 * The first page of every type's delta in one batch Bundle: a catch-up costs one round trip, not
 * one per type. A type whose entry failed (or a server that refuses the batch) is read on its own,
 * so its failure is the one a direct read raises.
 */
async function firstPagesOf(context: SyncContext, cursors: SyncCursor[]): Promise<Bundle[]> {
  const answers = await readTogether(
    context,
    cursors.map((cursor) =>
      cursor.mode === 'history'
        ? withQuery(`${cursor.resourceType}/_history`, historyParams(historyOptions(context, cursor)))
        : withQuery(cursor.resourceType, searchDeltaParams(context, cursor))
    )
  );
  return answers.map((answer) => required<Bundle>(answer));
}

function historyOptions(context: SyncContext, cursor: SyncCursor): { since?: string; count: number } {
  return { since: cursor.since || undefined, count: context.pageSize };
}

function searchDeltaParams(context: SyncContext, cursor: SyncCursor): Record<string, string | number> {
  const params: Record<string, string | number> = { _sort: '_lastUpdated', _count: context.pageSize };
  // 'ge', not 'gt': versions written in the cursor's own millisecond are not missed (taking one twice is harmless).
  if (cursor.since) params._lastUpdated = `ge${cursor.since}`;
  return params;
}

/** Type history since the cursor: the newest version of each id wins; a delete removes the copy. */
async function historyDelta(
  context: SyncContext,
  cursor: SyncCursor,
  newest: Newest,
  pages: AsyncIterable<Bundle>
): Promise<void> {
  const latest = new Map<string, { resource?: Resource; lastUpdated?: string }>();
  for await (const bundle of pages) {
    for (const entry of bundle.entry ?? []) {
      const id = entry.resource?.id ?? idFromUrl(entry.fullUrl ?? entry.request?.url);
      const lastUpdated = entry.resource?.meta?.lastUpdated ?? isoOrUndefined(entry.response?.lastModified);
      if (lastUpdated) newest.see(cursor.resourceType, lastUpdated);
      if (id && !latest.has(id)) latest.set(id, { resource: entry.resource, lastUpdated });
    }
  }
  context.reached();
  await context.replica.transaction(async (tx) => {
    for (const [id, change] of latest) {
      if (change.resource) await acceptIfFollowed(context, tx, change.resource, newest);
      else await serverDeleted(context, tx, cursor.resourceType, id);
    }
    await tx.putCursor({ ...cursor, since: newest.of(cursor.resourceType) ?? cursor.since });
  });
}

/** The fallback where the server has no type history: a _lastUpdated search (deletes by reconciling ids). */
async function searchDelta(
  context: SyncContext,
  cursor: SyncCursor,
  newest: Newest,
  pages: AsyncIterable<Bundle>
): Promise<void> {
  const resources: Resource[] = [];
  for await (const bundle of pages) {
    for (const entry of bundle.entry ?? []) {
      if (entry.resource?.resourceType === cursor.resourceType) resources.push(entry.resource);
    }
  }
  context.reached();
  await context.replica.transaction(async (tx) => {
    for (const resource of resources) {
      if (resource.meta?.lastUpdated) newest.see(resource.resourceType, resource.meta.lastUpdated);
      await acceptIfFollowed(context, tx, resource, newest);
    }
    await tx.putCursor({ ...cursor, since: newest.of(cursor.resourceType) ?? cursor.since });
  });
}

/** Tasks are all in scope (a recently updated task belongs in All Tasks); other types only when held. */
async function acceptIfFollowed(
  context: SyncContext,
  tx: ReplicaTransaction,
  resource: Resource,
  newest: Newest
): Promise<void> {
  if (!resource.id) return;
  const key = resourceKey(resource.resourceType, resource.id);
  const mine =
    resource.resourceType === 'PractitionerRole' &&
    (resource as { practitioner?: { reference?: string } }).practitioner?.reference ===
      context.profile.reference;
  if (resource.resourceType !== 'Task' && resource.resourceType !== 'ValueSet' && !mine) {
    if (!(await tx.getResource(key))) return;
  }
  if (await acceptServerVersion(tx, resource)) context.touched.add(key);
  newest.remember(resource);
}

/**
 * The server deleted a resource. Without local changes the copy goes. With them it stays, and the
 * first open change becomes a conflict 'Deleted on the server' — unless every change is itself a
 * delete, in which case both sides agree and the changes are done.
 */
export async function serverDeleted(
  context: SyncContext,
  tx: ReplicaTransaction,
  resourceType: string,
  id: string
): Promise<void> {
  const key = resourceKey(resourceType, id);
  const record = await tx.getResource(key);
  if (!record) return;
  context.touched.add(key);
  const entries = await tx.outboxOf(key);
  if (entries.every((entry) => entry.kind === 'delete')) {
    for (const entry of entries) await tx.removeOutbox(entry.seq ?? 0);
    await tx.removeResource(key);
    return;
  }
  const first = entries.find((entry) => entry.state !== 'failed') ?? entries[0];
  if (!first || first.state === 'conflict') return;
  await tx.putOutbox({
    ...first,
    state: 'conflict',
    error: 'Deleted on the server',
    revision: first.revision + 1,
  });
  await tx.putConflict({
    seq: first.seq ?? 0,
    key,
    label: first.label,
    mine: record.resource,
    detectedAt: nowIso(context),
  });
  await writeRecord(tx, resourceType, id, record.server);
}

/** Reads what pulled tasks point at (patients, owners, focus) and the replica lacks, by _id. */
async function fetchMissingReferences(
  context: SyncContext,
  newest: Newest,
  batch?: Batch,
  alongside: string[] = []
): Promise<(Resource | Error)[]> {
  const wanted = new Map<string, Set<string>>();
  await context.replica.transaction(async (tx) => {
    for (const reference of newest.references()) {
      if (batch?.has(reference) || (await tx.getResource(reference))) continue;
      const [type = '', id = ''] = reference.split('/');
      if (!wanted.has(type)) wanted.set(type, new Set());
      wanted.get(type)?.add(id);
    }
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
async function store(context: SyncContext, resources: Resource[], newest: Newest): Promise<void> {
  if (resources.length === 0) return;
  context.reached();
  await context.replica.transaction(async (tx) => {
    for (const resource of resources) {
      if (!resource.id) continue;
      if (await acceptServerVersion(tx, resource))
        context.touched.add(resourceKey(resource.resourceType, resource.id));
      newest.remember(resource);
    }
  });
}

/** The types the server offers type history for, from its CapabilityStatement. */
function historyTypesOf(statement: CapabilityStatement | undefined): string[] {
  return (statement?.rest ?? []).flatMap((rest) =>
    (rest.resource ?? [])
      .filter((resource) => resource.interaction?.some((interaction) => interaction.code === 'history-type'))
      .map((resource) => resource.type as string)
  );
}

/**
 * For search-mode types: the records the replica holds that the server no longer has are deletes.
 * Records with local changes (a create not yet confirmed among them) are left out: their own upload
 * finds out, and the server cannot know a temporary id.
 */
async function reconcileIfDue(context: SyncContext, cursors: SyncCursor[]): Promise<void> {
  if (cursors.length === 0) return;
  const last = await context.replica.transaction((tx) => tx.getMeta<number>(META_LAST_RECONCILE));
  if (last !== undefined && context.clock.now() - last < context.reconcileEveryMs) return;
  for (const cursor of cursors) {
    const ids = await context.replica.transaction((tx) => confirmedIdsOf(tx, cursor.resourceType));
    const gone: string[] = [];
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      const chunk = ids.slice(i, i + ID_CHUNK);
      const found = await context.fhir.searchAll(
        cursor.resourceType,
        { _id: chunk.join(','), _elements: 'id', _count: ID_CHUNK },
        { noCache: true }
      );
      const present = new Set(found.map((resource) => resource.id));
      gone.push(...chunk.filter((id) => !present.has(id)));
    }
    if (gone.length === 0) continue;
    await context.replica.transaction(async (tx) => {
      for (const id of gone) {
        // A change made while the search ran makes the record its upload's business.
        if ((await tx.outboxOf(resourceKey(cursor.resourceType, id))).length > 0) continue;
        await serverDeleted(context, tx, cursor.resourceType, id);
      }
    });
  }
  await context.replica.transaction((tx) => tx.putMeta(META_LAST_RECONCILE, context.clock.now()));
}

/** The ids of a type held here with no local change and no conflict: keys only, no record read. */
async function confirmedIdsOf(tx: ReplicaTransaction, resourceType: string): Promise<string[]> {
  const changed = await keysWithLocalChanges(tx);
  const prefix = `${resourceType}/`;
  return (await tx.keysOfType(resourceType))
    .filter((key) => !changed.has(key) && key.startsWith(prefix))
    .map((key) => key.slice(prefix.length));
}

function idFromUrl(url: string | undefined): string | undefined {
  const match = /([A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/.exec(url ?? '');
  return match?.[2];
}

function isoOrUndefined(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}
