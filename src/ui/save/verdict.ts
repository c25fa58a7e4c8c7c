import type { OperationOutcome } from '@medplum/fhirtypes';
import type { ConflictRecord, OutboxEntry } from '@/db/types';
import type { AppliedChange } from '@/sync/engine/types';
import type { ReplicaReader } from '../replica/reader';
import type { ReplicaChanges } from '../ReplicaProvider';
import { conflictMessage } from '../sync/ConflictsPanel';

/** How long an online save waits for the server before it says the change is kept on this device. */
export const VERDICT_WAIT_MS = 4_000;

/** How often the outbox is read again while waiting, besides every change the replica announces. */
const VERDICT_POLL_MS = 500;

/**
 * Where a queued change stands once the screen stops waiting for it:
 * - sent: the server has it (the outbox no longer holds it);
 * - refused: the server refused it for good, with its words;
 * - conflict: another user changed the resource first; the user chooses in the conflicts panel;
 * - kept: still on this device (offline, or the server is slow) and will be sent.
 */
export type Verdict =
  | { state: 'sent' }
  | { state: 'refused'; outcome: OperationOutcome; entry: OutboxEntry }
  | { state: 'conflict'; outcome: OperationOutcome }
  | { state: 'kept' };

function words(text: string): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: 'processing', details: { text } }],
  };
}

/** What the outbox and the conflicts say of one change right now; undefined while it is still waiting. */
export function judge(
  seq: number,
  outbox: readonly OutboxEntry[],
  conflicts: readonly ConflictRecord[]
): Verdict | undefined {
  const entry = outbox.find((candidate) => candidate.seq === seq);
  const conflict = conflicts.find((candidate) => candidate.seq === seq);
  if (entry?.state === 'conflict' || conflict) {
    return { state: 'conflict', outcome: words(conflictMessage(entry?.key ?? conflict?.key ?? '')) };
  }
  if (entry?.state === 'failed') {
    const outcome = entry.outcome ?? words(entry.error ?? 'The server refused this change.');
    return { state: 'refused', outcome, entry };
  }
  return entry ? undefined : { state: 'sent' };
}

export interface VerdictSources {
  reader: ReplicaReader;
  changes: ReplicaChanges;
  /** Asks the sync service to send what waits now (a follower tab nudges the leader). */
  syncNow: () => Promise<unknown>;
  /** False when the device knows it is offline: the change is kept at once. */
  online?: () => boolean;
  /** The page's network events; going offline while waiting ends the wait with 'kept'. */
  onOffline?: (listener: () => void) => () => void;
  waitMs?: number;
}

/**
 * Waits for the server's verdict on a change just queued: sends it now and watches its outbox entry
 * until it leaves the outbox (sent), fails for good (refused), meets a conflict, or `waitMs` passes or
 * the device goes offline (kept). It never removes or changes the entry.
 */
export function awaitVerdict(applied: AppliedChange, sources: VerdictSources): Promise<Verdict> {
  const online = sources.online ?? (() => typeof navigator === 'undefined' || navigator.onLine);
  if (!online()) return Promise.resolve({ state: 'kept' });
  return new Promise<Verdict>((resolve) => {
    let done = false;
    let reading = false;
    let again = false;
    const cleanups: (() => void)[] = [];
    const finish = (verdict: Verdict) => {
      if (done) return;
      done = true;
      for (const cleanup of cleanups) cleanup();
      resolve(verdict);
    };
    const check = async (): Promise<void> => {
      if (done) return;
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        const [outbox, conflicts] = await Promise.all([
          sources.reader.outboxOf(applied.key),
          sources.reader.conflicts(),
        ]);
        const verdict = judge(applied.seq, outbox, conflicts);
        if (verdict) finish(verdict);
      } catch {
        // A failed read says nothing of the change: the next announcement or poll reads again.
      } finally {
        reading = false;
      }
      if (again) {
        again = false;
        await check();
      }
    };
    cleanups.push(sources.changes(() => void check()));
    const poll = setInterval(() => void check(), VERDICT_POLL_MS);
    cleanups.push(() => clearInterval(poll));
    const timer = setTimeout(() => finish({ state: 'kept' }), sources.waitMs ?? VERDICT_WAIT_MS);
    cleanups.push(() => clearTimeout(timer));
    if (sources.onOffline) cleanups.push(sources.onOffline(() => finish({ state: 'kept' })));
    // A run that cannot reach the server is not a verdict: the timer or the offline event ends the wait.
    sources.syncNow().catch(() => undefined);
    void check();
  });
}
