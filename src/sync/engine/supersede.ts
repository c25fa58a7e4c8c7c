import type { Resource } from '@medplum/fhirtypes';
// The default import: Node (benches run by tsx) sees fast-json-patch as CommonJS, without named exports.
import jsonPatch, { type Operation } from 'fast-json-patch';
import type { OutboxEntry, ReplicaTransaction, StoredResource } from '@/db/types';
import { buildRecord } from './record';

const bySeq = (a: OutboxEntry, b: OutboxEntry): number => (a.seq ?? 0) - (b.seq ?? 0);

/** Everything of a resource an edit may change: all but its identity and the server's meta. */
function editable(resource: Resource): Record<string, unknown> {
  const { resourceType: _type, id: _id, meta: _meta, ...rest } = resource;
  return rest;
}

/**
 * The entries a whole-resource edit may take the place of: edits (non-commuting patches) waiting to
 * be sent or refused by the server. The oldest entry of the resource, when waiting, may be on its
 * way to the server right now, or may have reached it with its answer lost: it is never taken, so
 * the superseded edit and its replacement can never both reach the server.
 */
function supersedable(entry: OutboxEntry, index: number): boolean {
  if (entry.kind !== 'patch' || entry.commutes) return false;
  if (entry.state === 'failed') return true;
  return entry.state === 'pending' && index > 0;
}

export interface Superseded {
  /** The entries the new edit takes the place of, oldest first. */
  removed: OutboxEntry[];
  /** The operations taking the resource from before the removed entries to the user's new state. */
  operations: Operation[];
  /** The server version the removed entries were based on. */
  baseVersionId?: string;
}

/**
 * A whole-resource edit (the resource as the user now wants it, `wanted`) supersedes the queued and
 * refused edits of the resource that it follows directly: they are removed and their effect is
 * folded into the new entry, whose operations take the resource from its state before them to
 * `wanted`. Only a run of supersedable entries at the end of the resource's queue is folded: if a
 * change that must keep its place (a note, an output, a change in conflict, a create, a delete)
 * came after one of them, folding would reorder the two, so nothing is folded (undefined).
 */
export async function supersede(
  tx: ReplicaTransaction,
  record: StoredResource,
  wanted: Resource
): Promise<Superseded | undefined> {
  const entries = (await tx.outboxOf(record.key)).sort(bySeq);
  const first = entries.findIndex(supersedable);
  if (first < 0) return undefined;
  const tail = entries.slice(first);
  if (!tail.every((entry, offset) => supersedable(entry, first + offset))) return undefined;
  const before = buildRecord(record.resourceType, record.id, record.server, entries.slice(0, first));
  if (!before) return undefined;
  const removed = tail;
  for (const entry of removed) await tx.removeOutbox(entry.seq ?? 0);
  return {
    removed,
    operations: jsonPatch.compare(editable(before.resource), editable(wanted)),
    baseVersionId: removed[0]?.baseVersionId ?? record.server?.meta?.versionId,
  };
}
