import type { CapabilityStatement, Resource, SearchParameter } from '@medplum/fhirtypes';
import { resourceKey, type ReplicaTransaction, type SyncCursor } from '@/db/types';
import { isNewer, nowIso, type SyncContext } from './context';
import { acceptServerVersion, keysWithLocalChanges, writeRecord } from './record';
import { Newest } from './newest';
import { pruneBeyondCap } from './prune';
import { loadUserScope, taskQueries } from './scope';
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

/** The first load: profile, roles, the task queues, what the tasks reference, value sets, definitions. */
export async function fullLoad(context: SyncContext): Promise<void> {
  const historyTypes = await readHistoryTypes(context);
  const scope = await loadUserScope(context);
  const newest = new Newest();
  // Everything is gathered first and stored in one transaction: a first load lands whole or not at all.
  const batch: Batch = new Map();
  collect(batch, [...(scope.profile ? [scope.profile] : []), ...scope.roles], newest);
  for (const query of taskQueries(context, scope)) {
    for await (const page of limitedPages(context, query.params, query.max)) collect(batch, page, newest);
  }
  await fetchMissingReferences(context, newest, batch);
  collect(
    batch,
    await context.fhir.searchAll('ValueSet', { _count: context.pageSize }, { noCache: true }),
    newest
  );
  const types = new Set([...CORE_TYPES, ...newest.types()]);
  const searchBases = [...COMMON_SEARCH_BASES, ...types];
  const searchParameters = await readSearchParameters(context, searchBases);
  context.reached();
  await context.replica.transaction(async (tx) => {
    // Patients before the tasks that point at them, so each task finds its patient's state once
    // instead of every patient rewriting the tasks stored before it.
    for (const resource of patientsFirst(batch.values())) {
      if (await acceptServerVersion(tx, resource)) context.touched.add(keyOf(resource));
    }
    await tx.putMeta(META_SCOPE, {
      roleCodes: scope.roleCodes,
      states: scope.states,
      loadedAt: nowIso(context),
    });
    await writeSearchParameters(tx, searchParameters, { fetchedAt: nowIso(context), bases: searchBases });
    const followed = newest.types().filter((type) => !CORE_TYPES.includes(type));
    await tx.putMeta(META_FOLLOWED_TYPES, followed);
    for (const type of types) {
      const mode = historyTypes.includes(type) ? 'history' : 'search';
      await tx.putCursor({ resourceType: type, since: newest.of(type) ?? newest.overall() ?? '', mode });
    }
  });
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

/** Pages of a task query, stopping once `max` matches were seen. */
async function* limitedPages(
  context: SyncContext,
  params: Parameters<SyncContext['fhir']['searchPages']>[1],
  max: number | undefined
): AsyncGenerator<Resource[]> {
  let matches = 0;
  for await (const bundle of context.fhir.searchPages('Task', params, { noCache: true })) {
    const page: Resource[] = [];
    for (const entry of bundle.entry ?? []) {
      if (!entry.resource) continue;
      const isMatch = entry.search?.mode !== 'include' && entry.resource.resourceType === 'Task';
      if (isMatch && max !== undefined && matches >= max) continue;
      if (isMatch) matches++;
      page.push(entry.resource);
    }
    yield page;
    if (max !== undefined && matches >= max) return;
  }
}

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
  for (const cursor of cursors) {
    if (cursor.mode === 'history') await historyDelta(context, cursor, newest);
    else await searchDelta(context, cursor, newest);
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

/** Type history since the cursor: the newest version of each id wins; a delete removes the copy. */
async function historyDelta(context: SyncContext, cursor: SyncCursor, newest: Newest): Promise<void> {
  const latest = new Map<string, { resource?: Resource; lastUpdated?: string }>();
  for await (const bundle of context.fhir.typeHistory(cursor.resourceType, {
    since: cursor.since || undefined,
    count: context.pageSize,
  })) {
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
async function searchDelta(context: SyncContext, cursor: SyncCursor, newest: Newest): Promise<void> {
  const params: Record<string, string | number> = { _sort: '_lastUpdated', _count: context.pageSize };
  // 'ge', not 'gt': versions written in the cursor's own millisecond are not missed (taking one twice is harmless).
  if (cursor.since) params._lastUpdated = `ge${cursor.since}`;
  const resources = await context.fhir.searchAll(cursor.resourceType, params, { noCache: true });
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
async function fetchMissingReferences(context: SyncContext, newest: Newest, batch?: Batch): Promise<void> {
  const wanted = new Map<string, Set<string>>();
  await context.replica.transaction(async (tx) => {
    for (const reference of newest.references()) {
      if (batch?.has(reference) || (await tx.getResource(reference))) continue;
      const [type = '', id = ''] = reference.split('/');
      if (!wanted.has(type)) wanted.set(type, new Set());
      wanted.get(type)?.add(id);
    }
  });
  for (const [type, ids] of wanted) {
    const list = [...ids];
    for (let i = 0; i < list.length; i += ID_CHUNK) {
      const chunk = list.slice(i, i + ID_CHUNK);
      const found = await context.fhir.searchAll(
        type,
        { _id: chunk.join(','), _count: ID_CHUNK },
        { noCache: true }
      );
      if (batch) collect(batch, found, newest);
      else await store(context, found, newest);
    }
  }
  const types = [...wanted.keys()];
  if (types.length === 0 || batch) return;
  await context.replica.transaction((tx) => followTypes(tx, types, newest));
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

/** The types the server offers type history for, from its CapabilityStatement (kept in meta). */
async function readHistoryTypes(context: SyncContext): Promise<string[]> {
  let statement: CapabilityStatement | undefined;
  try {
    statement = await context.fhir.capabilities({ noCache: true });
  } catch {
    statement = undefined;
  }
  const types = (statement?.rest ?? []).flatMap((rest) =>
    (rest.resource ?? [])
      .filter((resource) => resource.interaction?.some((interaction) => interaction.code === 'history-type'))
      .map((resource) => resource.type as string)
  );
  await context.replica.transaction((tx) => tx.putMeta(META_CAPABILITIES, types));
  return types;
}

/**
 * The SearchParameter definitions of every type the replica holds, for the local query engine (kept
 * under SEARCH_PARAMETERS_META_KEY, src/sync/local-query/definitions.ts).
 */
async function readSearchParameters(
  context: SyncContext,
  bases: readonly string[]
): Promise<SearchParameter[]> {
  const found = await context.fhir.searchAll('SearchParameter', searchParameterQuery(bases), {
    noCache: true,
  });
  return found.filter((resource): resource is SearchParameter => resource.resourceType === 'SearchParameter');
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
