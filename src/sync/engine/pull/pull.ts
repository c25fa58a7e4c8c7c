import type { Bundle, Resource } from '@medplum/fhirtypes';
import { resourceKey, type ReplicaTransaction, type SyncCursor } from '@/db/types';
import { historyParams, withQuery } from '@/sync/fhir/fhir-client';
import { nowIso, type SyncContext } from '@/sync/engine/context';
import { queuePatientEntries } from './clinical-lists';
import { fullLoad } from './first-load';
import { acceptServerVersions, keysWithLocalChanges, writeRecord } from '@/sync/engine/record';
import { Newest } from './newest';
import { pruneBeyondCap } from './prune';
import {
  fetchMissingReferences,
  followedTypes,
  ID_CHUNK,
  keyOf,
  readTogether,
  required,
} from './pull-shared';
import { META_LAST_RECONCILE } from '@/sync/engine/types';

/**
 * The first stage of a pull, the server's changes: everything in scope the first time, then what
 * changed since each cursor. `sending` is told as the stage sends its first request: what the server
 * holds from then on is this pull's to read.
 */
export async function pullChanges(context: SyncContext, sending: () => void): Promise<void> {
  const taskCursor = await context.replica.transaction((tx) => tx.getCursor('Task'));
  sending();
  if (!taskCursor) await fullLoad(context);
  else await pullDeltas(context);
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
    // Each id once: its newest version, or its delete.
    const versions = [...latest.values()].flatMap((change) => (change.resource ? [change.resource] : []));
    await acceptFollowed(context, tx, versions, newest);
    for (const [id, change] of latest) {
      if (!change.resource) await serverDeleted(context, tx, cursor.resourceType, id);
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
    }
    await acceptFollowed(context, tx, resources, newest);
    await tx.putCursor({ ...cursor, since: newest.of(cursor.resourceType) ?? cursor.since });
  });
}

/**
 * Tasks are all in scope (a recently updated task belongs in All Tasks), and so are value sets and
 * the user's own roles; other types only when held. Stored together: a delta costs a few replica
 * reads and one write, not a few per resource.
 */
async function acceptFollowed(
  context: SyncContext,
  tx: ReplicaTransaction,
  resources: readonly Resource[],
  newest: Newest
): Promise<void> {
  const withId = resources.filter((resource) => resource.id);
  const optional = withId.filter((resource) => !alwaysFollowed(context, resource));
  const held = await tx.getResourcesByKeys(optional.map(keyOf));
  const heldKeys = new Set(optional.filter((_, index) => held[index]).map(keyOf));
  // A resource not yet held still belongs when it is on the clinical list of a queue patient.
  const onQueuePatientList = await queuePatientEntries(tx);
  for (const resource of optional) {
    if (onQueuePatientList(resource)) heldKeys.add(keyOf(resource));
  }
  const followed = withId.filter(
    (resource) => alwaysFollowed(context, resource) || heldKeys.has(keyOf(resource))
  );
  for (const key of await acceptServerVersions(tx, followed)) context.touched.add(key);
  for (const resource of followed) newest.remember(resource);
}

function alwaysFollowed(context: SyncContext, resource: Resource): boolean {
  if (resource.resourceType === 'Task' || resource.resourceType === 'ValueSet') return true;
  return (
    resource.resourceType === 'PractitionerRole' &&
    (resource as { practitioner?: { reference?: string } }).practitioner?.reference ===
      context.profile.reference
  );
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
