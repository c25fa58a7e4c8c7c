import type { Resource } from '@medplum/fhirtypes';
import {
  resourceKey,
  type OutboxEntry,
  type ReplicaTransaction,
  type ResourceKey,
  type StoredResource,
} from '@/db/types';
import { isNewer, type SyncContext } from '@/sync/engine/context';
import { buildRecord } from '@/sync/engine/record';
import { noteOwnVersions, type OwnVersion } from '@/sync/engine/own-versions';
import { followConfirmedCreates } from '@/sync/engine/local-references';

/** One entry the server confirmed, with its answer. */
export interface Confirmed {
  entry: OutboxEntry;
  /** The server's version the entry made, or 'deleted'. */
  answer: Resource | 'deleted';
  /**
   * A later server version already known to hold the change (a lost answer found applied under a
   * colleague's change): the record keeps it, and the version the change made is not noted as this
   * device's own.
   */
  newest?: Resource;
}

const bySeq = (a: OutboxEntry, b: OutboxEntry): number => (a.seq ?? 0) - (b.seq ?? 0);

/**
 * The server confirmed an entry. In one transaction: the entry leaves the outbox (unless it was
 * edited since it was read for upload), the server's answer becomes the confirmed version, the
 * resource's later entries move onto it, and the local view is rebuilt from it.
 */
export async function confirm(
  context: Pick<SyncContext, 'replica' | 'touched'>,
  confirmed: Confirmed
): Promise<void> {
  await context.replica.transaction((tx) => confirmAll(context, tx, [confirmed]));
}

/**
 * Confirms entries the server applied, within a transaction the caller holds, as if each were
 * confirmed in turn in the order given, with a fixed number of replica reads and writes whatever
 * their number: the outbox entries and records of their resources are read together, the rules
 * below applied in memory, and what changed written together. Per entry:
 * - an entry edited during its upload (its revision moved) stays in the outbox, on the version it made;
 * - the resource's later entries move onto the confirmed version (those based on the version the
 *   entry was tested against, or on none) and are marked edited;
 * - a patch notes the version it made as this device's own, unless that version is only known to
 *   hold the change under a later one (`newest`);
 * - a create the server gave a new id leaves its temporary key: the record there goes, its later
 *   entries move to the server's key, and the changes pointing at the temporary key follow;
 * - the record keeps the newer of the server copy it held and the answer, and `newest` when newer.
 * Entries of one resource in one call are confirmed one after another in memory, so the second
 * sees what the first changed, exactly as separate calls would (push sends one entry per resource
 * in a batch, but a create may be given the id of a resource held here). The changes pointing at
 * the temporary keys of creates follow once, after all of them: no entry in the call points at
 * another's temporary key, as a change naming an unconfirmed create is not sent until it is confirmed.
 */
export async function confirmAll(
  context: Pick<SyncContext, 'touched'>,
  tx: ReplicaTransaction,
  confirmed: readonly Confirmed[]
): Promise<void> {
  if (confirmed.length === 0) return;
  const targets = confirmed.map(({ entry, answer }) => targetOf(entry, answer));
  const keys = [...new Set([...confirmed.map(({ entry }) => entry.key), ...targets.map(({ key }) => key)])];
  const [held, records] = await Promise.all([tx.outboxOfKeys(keys), tx.getResourcesByKeys(keys)]);
  // What the transaction holds, as the steps below change it.
  const outboxOf = new Map(keys.map((key) => [key, held.get(key) ?? []]));
  const serverOf = new Map(keys.map((key, index) => [key, records[index]?.server]));
  const removed = new Set<number>();
  const edited = new Map<number, OutboxEntry>();
  const ownVersions: OwnVersion[] = [];
  // What becomes of each record touched: rebuilt from its server copy and entries, or removed.
  const outcome = new Map<ResourceKey, { resourceType: string; id: string } | 'removed'>();
  const renames = new Map<ResourceKey, ResourceKey>();

  confirmed.forEach(({ entry, answer, newest }, index) => {
    const { key, id } = targets[index] as { key: ResourceKey; id: string };
    const seq = entry.seq ?? 0;
    const newVersion = answer === 'deleted' ? undefined : answer.meta?.versionId;
    const own = outboxOf.get(entry.key) ?? [];
    const current = own.find((other) => other.seq === seq);
    // Left in the outbox when it was edited during its upload, then on the version it made.
    let kept: OutboxEntry[] = [];
    if (current && current.revision === entry.revision) {
      removed.add(seq);
      edited.delete(seq);
    } else if (current) {
      kept = [{ ...current, baseVersionId: newVersion ?? current.baseVersionId }];
      edited.set(seq, kept[0] as OutboxEntry);
    }
    // The version this change made, unless it is only known to hold the change under later ones.
    if (entry.kind === 'patch' && entry.baseVersionId && newVersion && answer !== newest)
      ownVersions.push({ key: entry.key, from: entry.baseVersionId, to: newVersion });

    // The resource's later entries move onto the confirmed version, and to the server's key.
    const later = own
      .filter((other) => other.seq !== seq)
      .map((other) => {
        const basedOnConfirmed =
          other.baseVersionId === entry.baseVersionId || other.baseVersionId === undefined;
        const moved: OutboxEntry = {
          ...other,
          key,
          resourceId: id,
          baseVersionId: basedOnConfirmed && newVersion ? newVersion : other.baseVersionId,
          revision: other.revision + 1,
        };
        edited.set(other.seq ?? 0, moved);
        return moved;
      });
    if (key === entry.key) {
      outboxOf.set(key, [...later, ...kept].sort(bySeq));
    } else {
      // A create given a new id: its record under the temporary key goes (an edited create entry
      // itself stays there, as it was).
      outboxOf.set(entry.key, kept);
      outboxOf.set(key, [...(outboxOf.get(key) ?? []), ...later].sort(bySeq));
      outcome.set(entry.key, 'removed');
      renames.set(entry.key, key);
      context.touched.add(entry.key);
    }

    let server: Resource | undefined;
    if (answer !== 'deleted') {
      const before = serverOf.get(key);
      server = before && !isNewer(answer, before) ? before : answer;
      if (newest && isNewer(newest, server)) server = newest;
    }
    serverOf.set(key, server);
    outcome.set(key, { resourceType: entry.resourceType, id });
    context.touched.add(key);
  });

  const rebuilt: StoredResource[] = [];
  const gone: ResourceKey[] = [];
  for (const [key, next] of outcome) {
    const record =
      next === 'removed'
        ? undefined
        : buildRecord(next.resourceType, next.id, serverOf.get(key), outboxOf.get(key) ?? []);
    if (record) rebuilt.push(record);
    else gone.push(key);
  }
  await Promise.all([
    tx.removeOutboxEntries([...removed]),
    tx.putOutboxEntries([...edited.values()]),
    noteOwnVersions(tx, ownVersions),
    ...gone.map((key) => tx.removeResource(key)),
  ]);
  await tx.putResources(rebuilt);
  for (const key of await followConfirmedCreates(tx, renames)) context.touched.add(key);
}

/** Where a confirmed entry's resource lives now: a create the server gave a new id moves there. */
function targetOf(entry: OutboxEntry, answer: Resource | 'deleted'): { key: ResourceKey; id: string } {
  if (answer !== 'deleted' && entry.kind === 'create' && answer.id && answer.id !== entry.resourceId)
    return { key: resourceKey(entry.resourceType, answer.id), id: answer.id };
  return { key: entry.key, id: entry.resourceId };
}
