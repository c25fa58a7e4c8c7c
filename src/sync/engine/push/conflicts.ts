import type { Resource } from '@medplum/fhirtypes';
import type { OutboxEntry } from '@/db/types';
import { classify, patchAlreadyApplied } from '@/sync/engine/conflict-rules';
import { nowIso, type SyncContext } from '@/sync/engine/context';
import { onlyAppends, rebaseOperations } from '@/sync/engine/rebase';
import { acceptServerVersion } from '@/sync/engine/record';

export type ConflictResolution =
  /** The server already holds the change (its answer was lost): `confirmed` is the version it made. */
  | { kind: 'applied'; confirmed: Resource | 'deleted'; theirs?: Resource }
  /** The change commutes and was re-written onto the server's version: send it again. */
  | { kind: 'rebased' }
  /** Recorded for the user to resolve. */
  | { kind: 'conflict' };

/** Pages of a resource's history searched for the version a change was based on. */
const HISTORY_PAGES = 4;

/**
 * The server refused an entry because its version moved. Fetch theirs; if theirs already holds the
 * change (a lost answer), it is confirmed; if the change only appends, it is re-based; otherwise the
 * conflict is recorded with mine and theirs.
 */
export async function handleVersionConflict(
  context: SyncContext,
  entry: OutboxEntry,
  message: string
): Promise<ConflictResolution> {
  let theirs: Resource;
  try {
    theirs = await context.fhir.read(entry.resourceType, entry.resourceId, { noCache: true });
  } catch (error) {
    if (classify(error) !== 'gone') throw error;
    if (entry.kind === 'delete') return { kind: 'applied', confirmed: 'deleted' };
    await recordConflict(context, entry, undefined, 'Deleted on the server');
    return { kind: 'conflict' };
  }
  let base: Resource | undefined;
  if (entry.kind === 'patch') {
    const found = await findBase(context, entry);
    base = found.base;
    const successor = found.successor;
    if (patchAlreadyApplied(entry.operations, base, successor, theirs, entry.commutes)) {
      return { kind: 'applied', confirmed: successor ?? theirs, theirs };
    }
    if (entry.commutes && onlyAppends(entry.operations)) {
      const operations = rebaseOperations(entry.operations, base, theirs);
      const stored = await context.replica.transaction(async (tx) => {
        const current = await tx.getOutbox(entry.seq ?? 0);
        if (!current || current.revision !== entry.revision) return false;
        const baseVersionId = theirs.meta?.versionId;
        await tx.putOutbox({ ...current, operations, baseVersionId, revision: current.revision + 1 });
        await acceptServerVersion(tx, theirs);
        return true;
      });
      context.touched.add(entry.key);
      if (stored) return { kind: 'rebased' };
      return { kind: 'conflict' };
    }
  }
  await recordConflict(context, entry, theirs, message, base);
  return { kind: 'conflict' };
}

/**
 * The version an entry was based on, and the version the server made right after it, from the
 * resource's history (newest first). Falls back to reading the base version alone.
 */
async function findBase(
  context: SyncContext,
  entry: OutboxEntry
): Promise<{ base?: Resource; successor?: Resource }> {
  const wanted = entry.baseVersionId;
  if (!wanted) return {};
  try {
    let newer: Resource | undefined;
    let pages = 0;
    for await (const bundle of context.fhir.instanceHistory(entry.resourceType, entry.resourceId)) {
      for (const item of bundle.entry ?? []) {
        const version = item.resource?.meta?.versionId ?? item.response?.etag?.replace(/^W\/"|"$/g, '');
        if (version === wanted) return { base: item.resource, successor: newer };
        newer = item.resource;
      }
      if (++pages >= HISTORY_PAGES) break;
    }
  } catch (error) {
    if (classify(error) === 'transient') throw error;
  }
  try {
    return {
      base: await context.fhir.vread(entry.resourceType, entry.resourceId, wanted, { noCache: true }),
    };
  } catch (error) {
    if (classify(error) === 'transient') throw error;
    return {};
  }
}

/**
 * Marks an entry 'conflict' and stores what the user needs to choose: mine and theirs, and the
 * version mine was made on (`base`, else the replica's server copy when it is that version).
 */
export async function recordConflict(
  context: SyncContext,
  entry: OutboxEntry,
  theirs: Resource | undefined,
  message: string,
  base?: Resource
): Promise<void> {
  await context.replica.transaction(async (tx) => {
    const current = await tx.getOutbox(entry.seq ?? 0);
    if (!current) return;
    const record = await tx.getResource(entry.key);
    const held = record?.server;
    const mineBase =
      base ?? (held && held.meta?.versionId === entry.baseVersionId ? structuredClone(held) : undefined);
    const mine = record?.resource ?? entry.resource ?? ({ resourceType: entry.resourceType } as Resource);
    await tx.putOutbox({ ...current, state: 'conflict', error: message, revision: current.revision + 1 });
    await tx.putConflict({
      seq: entry.seq ?? 0,
      key: entry.key,
      label: entry.label,
      mine,
      theirs,
      ...(mineBase ? { base: mineBase } : {}),
      detectedAt: nowIso(context),
    });
    if (theirs) await acceptServerVersion(tx, theirs);
  });
  context.touched.add(entry.key);
}
