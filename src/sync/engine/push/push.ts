import type { Binary, BundleEntry, OperationOutcome, Resource } from '@medplum/fhirtypes';
import type { Operation } from 'fast-json-patch';
import type { OutboxEntry, ResourceKey } from '@/db/types';
import { batchEntryError } from '@/sync/fhir/fhir-client';
import { ApiError, UnauthenticatedError } from '@/sync/http/errors';
import { handleVersionConflict, recordConflict, type ConflictResolution } from './conflicts';
import { classify, errorText, isNetworkFailure } from '@/sync/engine/conflict-rules';
import type { SyncContext } from '@/sync/engine/context';
import { backOff } from './backoff';
import { confirm, confirmAll, type Confirmed } from './confirm';
import { clientIdentifier } from '@/sync/engine/client-identifier';
import { CLIENT_ID_SYSTEM } from '@/sync/engine/types';
import { pendingUpload } from '@/sync/uploads/upload-entries';
import { namesAnyOf, unconfirmedCreates } from '@/sync/engine/local-references';

export interface PushReport {
  /** Entries the server confirmed in this run. */
  confirmed: number;
  /** The network failed: the run stopped early (an offline engine does not spin). */
  offline: boolean;
  lastError?: string;
}

/** Times one entry is sent (first send, then re-based or moved) within one run before it waits for the next run. */
const MAX_SENDS_PER_RUN = 4;

/**
 * Sends the outbox in waves. A wave holds the oldest open entry of every resource, so changes of
 * different resources travel together in batch Bundles while the changes of one resource go
 * strictly one after another, each tested against the version the one before it made. An entry that
 * waits (back-off), conflicts or failed holds back the later entries of its resource, and only those.
 */
export async function push(context: SyncContext): Promise<PushReport> {
  const report: PushReport = { confirmed: 0, offline: false };
  const sends = new Map<number, number>();
  const held = new Set<ResourceKey>();
  const confirmed = new Set<number>();
  for (;;) {
    const outbox = await context.replica.transaction((tx) => tx.listOutbox());
    const wave = nextWave(context, outbox, held, sends, confirmed);
    if (wave.length === 0) return report;
    for (let i = 0; i < wave.length; i += context.batchSize) {
      const chunk = wave.slice(i, i + context.batchSize);
      for (const entry of chunk) sends.set(entry.seq ?? 0, (sends.get(entry.seq ?? 0) ?? 0) + 1);
      const steps =
        chunk.length === 1
          ? [await sendOne(context, chunk[0] as OutboxEntry)]
          : await sendBatch(context, chunk);
      steps.forEach((step, index) => {
        const entry = chunk[index] as OutboxEntry;
        if (step === 'confirmed') {
          report.confirmed++;
          confirmed.add(entry.seq ?? 0);
        } else if (step !== 'again') held.add(entry.key);
      });
      if (steps.includes('offline')) {
        report.offline = true;
        report.lastError = 'No connection to server';
        return report;
      }
    }
  }
}

/** The first open entry of each resource that may be sent now; a resource whose first entry may not is held. */
function nextWave(
  context: SyncContext,
  outbox: OutboxEntry[],
  held: Set<ResourceKey>,
  sends: Map<number, number>,
  confirmed: Set<number>
): OutboxEntry[] {
  const seen = new Set<ResourceKey>();
  const wave: OutboxEntry[] = [];
  const creates = unconfirmedCreates(outbox);
  for (const entry of [...outbox].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    if (seen.has(entry.key)) continue;
    seen.add(entry.key);
    if (held.has(entry.key)) continue;
    // A change that points at a resource created here waits until the server gives it its id.
    if (namesAnyOf(entry, creates)) continue;
    // An entry confirmed this run yet still here was edited during its upload: it waits for the next run.
    const sendable =
      !confirmed.has(entry.seq ?? 0) &&
      entry.state === 'pending' &&
      entry.notBefore <= context.clock.now() &&
      (sends.get(entry.seq ?? 0) ?? 0) < MAX_SENDS_PER_RUN &&
      !pendingUpload(entry);
    if (sendable) wave.push(entry);
    else held.add(entry.key);
  }
  return wave;
}

type Step = 'confirmed' | 'again' | 'held' | 'offline';

async function sendOne(context: SyncContext, entry: OutboxEntry): Promise<Step> {
  let answer: Resource | 'deleted';
  try {
    answer = await send(context, entry);
    context.reached();
  } catch (error) {
    return afterError(context, entry, error);
  }
  await confirm(context, { entry, answer });
  return 'confirmed';
}

/**
 * One batch Bundle for several resources' entries; each entry's answer is handled as a direct
 * request's would be. A server that refuses the batch itself (no batch support, too large) gets the
 * entries one by one; a batch that got no answer backs every entry off (the server may have applied
 * some: their version tests and If-None-Exist find that out on the next send).
 */
async function sendBatch(context: SyncContext, entries: OutboxEntry[]): Promise<Step[]> {
  let answers: BundleEntry[];
  try {
    answers = await context.fhir.batch(entries.map(batchEntryOf));
    context.reached();
  } catch (error) {
    const outcome = classify(error);
    if (outcome === 'unauthenticated')
      throw error instanceof UnauthenticatedError ? error : new UnauthenticatedError();
    if (outcome !== 'transient') {
      const steps: Step[] = [];
      for (const entry of entries) steps.push(await sendOne(context, entry));
      return steps;
    }
    const offline = isNetworkFailure(error);
    if (!offline) context.reached();
    for (const entry of entries) await backOff(context, entry, errorText(error));
    return entries.map(() => (offline ? 'offline' : 'held'));
  }
  // The applied entries are confirmed first; then the others are handled one by one as a direct
  // request's error is.
  const failures = new Map<number, unknown>();
  const applied: Confirmed[] = [];
  for (const [index, entry] of entries.entries()) {
    const answer = answers[index];
    const error = batchEntryError(answer);
    if (error && !(entry.kind === 'delete' && classify(error) === 'gone')) {
      failures.set(index, error);
      continue;
    }
    try {
      const confirmed =
        entry.kind === 'delete'
          ? 'deleted'
          : (answer?.resource ?? (await readAnswer(context, entry, answer)));
      applied.push({ entry, answer: confirmed });
    } catch (readError) {
      failures.set(index, readError);
    }
  }
  // The applied entries are of different resources (a wave holds one entry per resource): they are
  // confirmed together, in one replica transaction for the whole answer.
  await context.replica.transaction((tx) => confirmAll(context, tx, applied));
  const steps: Step[] = [];
  for (const [index, entry] of entries.entries()) {
    steps.push(failures.has(index) ? await afterError(context, entry, failures.get(index)) : 'confirmed');
  }
  return steps;
}

/** A batch answer without a body (a server told to return minimal answers): read the version it names. */
async function readAnswer(
  context: SyncContext,
  entry: OutboxEntry,
  answer: BundleEntry | undefined
): Promise<Resource> {
  const match = /([A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/.exec(
    answer?.response?.location ?? ''
  );
  const id = match?.[2] ?? entry.resourceId;
  return context.fhir.read(entry.resourceType, id, { noCache: true });
}

/** An entry as a batch request: the same request `send` makes, version tests and If-None-Exist included. */
function batchEntryOf(entry: OutboxEntry): BundleEntry {
  const url = `${entry.resourceType}/${encodeURIComponent(entry.resourceId)}`;
  const ifMatch = entry.baseVersionId ? `W/"${entry.baseVersionId}"` : undefined;
  if (entry.kind === 'create') {
    const resource = forCreate(entry);
    return {
      resource,
      request: { method: 'POST', url: entry.resourceType, ifNoneExist: ifNoneExistOf(resource) },
    };
  }
  if (entry.kind === 'delete') return { request: { method: 'DELETE', url, ifMatch } };
  const patch = JSON.stringify([...versionTest(entry), ...entry.operations]);
  const binary: Binary = {
    resourceType: 'Binary',
    contentType: 'application/json-patch+json',
    data: base64(patch),
  };
  return { resource: binary, request: { method: 'PATCH', url, ifMatch } };
}

function versionTest(entry: OutboxEntry): Operation[] {
  return entry.baseVersionId ? [{ op: 'test', path: '/meta/versionId', value: entry.baseVersionId }] : [];
}

function ifNoneExistOf(resource: Resource): string | undefined {
  const identifier = clientIdentifier(resource);
  return identifier ? `identifier=${CLIENT_ID_SYSTEM}|${identifier}` : undefined;
}

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The request of one entry; its answer is the server's new version, or 'deleted'. */
async function send(context: SyncContext, entry: OutboxEntry): Promise<Resource | 'deleted'> {
  const { fhir } = context;
  if (entry.kind === 'create') {
    const resource = forCreate(entry);
    return (await fhir.create(resource, { ifNoneExist: ifNoneExistOf(resource) })).resource;
  }
  if (entry.kind === 'delete') {
    try {
      await fhir.delete(entry.resourceType, entry.resourceId, { ifMatch: entry.baseVersionId });
    } catch (error) {
      if (classify(error) !== 'gone') throw error;
    }
    return 'deleted';
  }
  return fhir.patch(entry.resourceType, entry.resourceId, [...versionTest(entry), ...entry.operations]);
}

async function afterError(context: SyncContext, entry: OutboxEntry, error: unknown): Promise<Step> {
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
      return afterError(context, entry, inner);
    }
    if (resolution.kind === 'applied') {
      await confirm(context, { entry, answer: resolution.confirmed, newest: resolution.theirs });
      return 'confirmed';
    }
    return resolution.kind === 'rebased' ? 'again' : 'held';
  }
  if (outcome === 'gone' && entry.kind === 'patch') {
    await recordConflict(context, entry, undefined, 'Deleted on the server');
    return 'held';
  }
  await markFailed(context, entry, errorText(error), error instanceof ApiError ? error.outcome : undefined);
  return 'held';
}

/** Rejected for good (a 4xx other than a conflict): kept with the server's words for the user. */
export async function markFailed(
  context: SyncContext,
  entry: OutboxEntry,
  message: string,
  outcome?: OperationOutcome
): Promise<void> {
  await context.replica.transaction(async (tx) => {
    const current = await tx.getOutbox(entry.seq ?? 0);
    if (!current) return;
    await tx.putOutbox({
      ...current,
      state: 'failed',
      error: message,
      ...(outcome ? { outcome } : {}),
      revision: current.revision + 1,
    });
  });
  context.touched.add(entry.key);
}

/** The body of a create: the resource without its temporary id or meta. */
function forCreate(entry: OutboxEntry): Resource {
  const { id: _id, meta: _meta, ...rest } = structuredClone(entry.resource ?? ({} as Resource));
  return { ...rest, resourceType: entry.resourceType } as Resource;
}
