import type { Resource } from '@medplum/fhirtypes';
import type { Operation } from 'fast-json-patch';
import { resourceKey, type OutboxEntry, type ResourceKey } from '@/db/types';
import { UnauthenticatedError } from '../http/errors';
import { handleVersionConflict, recordConflict, type ConflictResolution } from './conflicts';
import { classify, errorText, isNetworkFailure } from './conflict-rules';
import { backoffDelay, isNewer, type SyncContext } from './context';
import { writeRecord } from './record';
import { CLIENT_ID_SYSTEM } from './types';

export interface PushReport {
  /** Entries the server confirmed in this run. */
  confirmed: number;
  /** The network failed: the run stopped early (an offline engine does not spin). */
  offline: boolean;
  lastError?: string;
}

/** Times one entry is re-based and re-sent within one run before it waits for the next run. */
const MAX_REBASES_PER_RUN = 3;

/**
 * Sends the outbox, oldest first. Entries of one resource go strictly in order: an entry that waits
 * (back-off), conflicts or failed holds back the later entries of its resource, and only those.
 */
export async function push(context: SyncContext): Promise<PushReport> {
  const report: PushReport = { confirmed: 0, offline: false };
  const snapshot = await context.replica.transaction((tx) => tx.listOutbox());
  // Entries this run re-wrote (moved to a server id, onto a new version): newer than the snapshot.
  const fresh = new Map<number, OutboxEntry | undefined>();
  const held = new Set<ResourceKey>();
  for (const first of snapshot) {
    const seq = first.seq ?? 0;
    let entry = fresh.has(seq) ? fresh.get(seq) : first;
    for (let round = 0; round < MAX_REBASES_PER_RUN && entry; round++) {
      if (held.has(entry.key)) break;
      if (entry.state !== 'pending' || entry.notBefore > context.clock.now()) {
        held.add(entry.key);
        break;
      }
      const step = await sendOne(context, entry, fresh);
      if (step === 'again') {
        entry = await context.replica.transaction((tx) => tx.getOutbox(seq));
        if (round === MAX_REBASES_PER_RUN - 1 && entry) held.add(entry.key);
        continue;
      }
      if (step === 'confirmed') report.confirmed++;
      else held.add(entry.key);
      if (step === 'offline') {
        report.offline = true;
        report.lastError = 'No connection to server';
        return report;
      }
      break;
    }
  }
  return report;
}

type Step = 'confirmed' | 'again' | 'held' | 'offline';

async function sendOne(
  context: SyncContext,
  entry: OutboxEntry,
  fresh: Map<number, OutboxEntry | undefined>
): Promise<Step> {
  let answer: Resource | 'deleted';
  try {
    answer = await send(context, entry);
    context.reached();
  } catch (error) {
    return afterError(context, entry, error, fresh);
  }
  await confirm(context, entry, answer, undefined, fresh);
  return 'confirmed';
}

/** The request of one entry; its answer is the server's new version, or 'deleted'. */
async function send(context: SyncContext, entry: OutboxEntry): Promise<Resource | 'deleted'> {
  const { fhir } = context;
  if (entry.kind === 'create') {
    const resource = forCreate(entry);
    const identifier = clientIdentifier(resource);
    const ifNoneExist = identifier ? `identifier=${CLIENT_ID_SYSTEM}|${identifier}` : undefined;
    return (await fhir.create(resource, { ifNoneExist })).resource;
  }
  if (entry.kind === 'delete') {
    try {
      await fhir.delete(entry.resourceType, entry.resourceId, { ifMatch: entry.baseVersionId });
    } catch (error) {
      if (classify(error) !== 'gone') throw error;
    }
    return 'deleted';
  }
  const test: Operation[] = entry.baseVersionId
    ? [{ op: 'test', path: '/meta/versionId', value: entry.baseVersionId }]
    : [];
  return fhir.patch(entry.resourceType, entry.resourceId, [...test, ...entry.operations]);
}

async function afterError(
  context: SyncContext,
  entry: OutboxEntry,
  error: unknown,
  fresh: Map<number, OutboxEntry | undefined>
): Promise<Step> {
  const outcome = classify(error);
  if (outcome === 'unauthenticated')
    throw error instanceof UnauthenticatedError ? error : new UnauthenticatedError();
  if (outcome === 'transient') {
    const offline = isNetworkFailure(error);
    if (!offline) context.reached();
    await backOff(context, entry, errorText(error));
    return offline ? 'offline' : 'held';
  }
  context.reached();
  if (outcome === 'conflict' && entry.kind !== 'create') {
    let resolution: ConflictResolution;
    try {
      resolution = await handleVersionConflict(context, entry, errorText(error));
    } catch (inner) {
      if (classify(inner) === 'conflict') throw inner;
      return afterError(context, entry, inner, fresh);
    }
    if (resolution.kind === 'applied') {
      await confirm(context, entry, resolution.confirmed, resolution.theirs, fresh);
      return 'confirmed';
    }
    return resolution.kind === 'rebased' ? 'again' : 'held';
  }
  if (outcome === 'gone' && entry.kind === 'patch') {
    await recordConflict(context, entry, undefined, 'Deleted on the server');
    return 'held';
  }
  await markFailed(context, entry, errorText(error));
  return 'held';
}

/** A transient failure: try again after an exponential, jittered delay. */
async function backOff(context: SyncContext, entry: OutboxEntry, message: string): Promise<void> {
  await context.replica.transaction(async (tx) => {
    const current = await tx.getOutbox(entry.seq ?? 0);
    if (!current || current.revision !== entry.revision) return;
    const attempts = current.attempts + 1;
    const notBefore = context.clock.now() + backoffDelay(context, attempts);
    await tx.putOutbox({ ...current, attempts, notBefore, error: message, revision: current.revision + 1 });
  });
}

/** Rejected for good (a 4xx other than a conflict): kept with the server's words for the user. */
export async function markFailed(context: SyncContext, entry: OutboxEntry, message: string): Promise<void> {
  await context.replica.transaction(async (tx) => {
    const current = await tx.getOutbox(entry.seq ?? 0);
    if (!current) return;
    await tx.putOutbox({ ...current, state: 'failed', error: message, revision: current.revision + 1 });
  });
  context.touched.add(entry.key);
}

/**
 * The server confirmed an entry. In one transaction: the entry leaves the outbox (unless it was
 * edited since it was read for upload), the server's answer becomes the confirmed version, the
 * resource's later entries move onto it, and the local view is rebuilt from it. `newest` is a later
 * server version already known (when a lost answer was found applied under a colleague's change).
 */
export async function confirm(
  context: SyncContext,
  entry: OutboxEntry,
  answer: Resource | 'deleted',
  newest?: Resource,
  fresh?: Map<number, OutboxEntry | undefined>
): Promise<void> {
  await context.replica.transaction(async (tx) => {
    const seq = entry.seq ?? 0;
    const current = await tx.getOutbox(seq);
    const unchanged = current?.revision === entry.revision;
    const newVersion = answer === 'deleted' ? undefined : answer.meta?.versionId;
    if (current && unchanged) await tx.removeOutbox(seq);
    else if (current) await tx.putOutbox({ ...current, baseVersionId: newVersion ?? current.baseVersionId });

    let key = entry.key;
    let id = entry.resourceId;
    if (answer !== 'deleted' && entry.kind === 'create' && answer.id && answer.id !== entry.resourceId) {
      id = answer.id;
      key = resourceKey(entry.resourceType, id);
      await tx.removeResource(entry.key);
      context.touched.add(entry.key);
    }
    for (const later of await tx.outboxOf(entry.key)) {
      if (later.seq === seq) continue;
      const basedOnConfirmed =
        later.baseVersionId === entry.baseVersionId || later.baseVersionId === undefined;
      const moved: OutboxEntry = {
        ...later,
        key,
        resourceId: id,
        baseVersionId: basedOnConfirmed && newVersion ? newVersion : later.baseVersionId,
        revision: later.revision + 1,
      };
      await tx.putOutbox(moved);
      fresh?.set(later.seq ?? 0, moved);
    }
    const existing = await tx.getResource(key);
    if (answer === 'deleted') {
      await writeRecord(tx, entry.resourceType, id, undefined);
    } else {
      let server = existing?.server && !isNewer(answer, existing.server) ? existing.server : answer;
      if (newest && isNewer(newest, server)) server = newest;
      await writeRecord(tx, entry.resourceType, id, server);
    }
    context.touched.add(key);
  });
}

/** The body of a create: the resource without its temporary id or meta. */
function forCreate(entry: OutboxEntry): Resource {
  const { id: _id, meta: _meta, ...rest } = structuredClone(entry.resource ?? ({} as Resource));
  return { ...rest, resourceType: entry.resourceType } as Resource;
}

export function clientIdentifier(resource: Resource | undefined): string | undefined {
  const identifiers = (resource as { identifier?: { system?: string; value?: string }[] } | undefined)
    ?.identifier;
  return identifiers?.find((identifier) => identifier.system === CLIENT_ID_SYSTEM)?.value;
}
