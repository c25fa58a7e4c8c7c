import type { OperationOutcome, Resource } from '@medplum/fhirtypes';
import { useCallback, useState } from 'react';
import type { AppliedChange, LocalChange } from '@/sync/engine/types';
import { useCommands } from '../hooks/use-commands';
import { useReplicaContext } from '../ReplicaProvider';
import { checkChange } from './check-resource';
import { awaitVerdict, type Verdict } from './verdict';

/** What a form asks to save: one change, and the resource as its screen shows it. */
export interface SaveRequest {
  /** The change to queue; undefined when the form changed nothing. */
  change: LocalChange | undefined;
  /** The resource as the screen shows it: every screen draws the change over it at once (useCommands). */
  shown?: Resource;
  /** The user saw the warnings of this change (implausible values) and saves anyway. */
  acceptWarnings?: boolean;
}

/**
 * How a save ended. ok: the server has the change (`delivery` 'sent'), or it is durable on this device
 * and will be sent (`delivery` 'kept': offline, or the server slow to answer), or there was nothing to
 * change (no `applied`). Not ok: `outcome` says why, its issues under their fields — nothing was
 * stored (`confirm`: only warnings, and saving again with `acceptWarnings` stores the change), or
 * (`verdict`) the server refused the change or another user's change overtook it while the form waited.
 */
export type SaveResult =
  | { ok: true; applied?: AppliedChange; delivery?: 'sent' | 'kept' }
  | {
      ok: false;
      outcome: OperationOutcome;
      confirm?: boolean;
      verdict?: Exclude<Verdict['state'], 'sent' | 'kept'>;
    };

export interface SaveOptions {
  /**
   * False for saves that tell their end later (task actions): the save resolves once the change is
   * durable, without waiting for the server. By default an online save waits for the server's
   * verdict, a few seconds at most, so a form can stay open with the server's words.
   */
  awaitServer?: boolean;
}

/** The state every form shows while and after it saves. */
export interface SaveState {
  /** True while a change is being made durable. */
  submitting: boolean;
  /** Why the last save did not store its change; cleared when the next one starts. */
  outcome?: OperationOutcome;
}

export interface Save extends SaveState {
  /**
   * Queues the change through the outbox (durable before it resolves), the one write path of every
   * form. Given a function, it is called first, and whatever it throws (an input the change cannot
   * be made from, a read that failed) is reported like a change the replica refused.
   */
  save(request: SaveRequest | (() => SaveRequest | Promise<SaveRequest>)): Promise<SaveResult>;
  /** Forgets the last failure (a form closed and opened again). */
  reset(): void;
}

/** An error in the words a form shows: one issue with the error's message. */
export function outcomeOf(error: unknown): OperationOutcome {
  let text = 'Something went wrong';
  if (error instanceof Error) text = error.message;
  else if (typeof error === 'string') text = error;
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: 'processing', details: { text } }],
  };
}

/**
 * The one save of every form (resource edit and create, clinical dialogs, questionnaire responses,
 * task actions): it queues the form's change with useCommands().applyChange and keeps one
 * submitting/failure state for the form to draw.
 */
export function useSave(options: SaveOptions = {}): Save {
  const { applyChange, syncNow, dismissFailure } = useCommands();
  const { reader, changes } = useReplicaContext();
  const awaitServer = options.awaitServer ?? true;
  const [running, setRunning] = useState(0);
  const [outcome, setOutcome] = useState<OperationOutcome>();

  const save = useCallback(
    async (request: SaveRequest | (() => SaveRequest | Promise<SaveRequest>)): Promise<SaveResult> => {
      // A click shows its change in one render: a request made of values is judged and drawn in the
      // same turn as the click, with the form's busy state, and nothing is rendered between them.
      // A request that reads first shows the busy state while it reads.
      let busy = false;
      const begin = () => {
        if (busy) return;
        busy = true;
        setRunning((count) => count + 1);
      };
      setOutcome(undefined);
      try {
        let asked = typeof request === 'function' ? request() : request;
        if (asked instanceof Promise) {
          begin();
          asked = await asked;
        }
        const { change, shown, acceptWarnings } = asked;
        if (!change) return { ok: true };
        // What the change would produce is judged first: an invalid or implausible value queues nothing.
        const check = checkChange(change, shown, { acceptWarnings });
        if (check) {
          setOutcome(check.outcome);
          return { ok: false, outcome: check.outcome, ...(check.confirm ? { confirm: true } : {}) };
        }
        begin();
        const applied = await applyChange(change, shown);
        if (!awaitServer) return { ok: true, applied };
        const verdict = await awaitVerdict(applied, { reader, changes, syncNow, onOffline: offlineEvent });
        if (verdict.state === 'sent' || verdict.state === 'kept')
          return { ok: true, applied, delivery: verdict.state };
        // A create the server refused while its form is still open is made again from the form's
        // values: the refused one is forgotten, so it neither lingers as a failure nor is sent twice.
        if (verdict.state === 'refused' && change.kind === 'create') await dismissFailure(applied.seq);
        setOutcome(verdict.outcome);
        return { ok: false, outcome: verdict.outcome, verdict: verdict.state };
      } catch (error) {
        const failure = outcomeOf(error);
        setOutcome(failure);
        return { ok: false, outcome: failure };
      } finally {
        if (busy) setRunning((count) => count - 1);
      }
    },
    [applyChange, awaitServer, reader, changes, syncNow, dismissFailure]
  );
  const reset = useCallback(() => setOutcome(undefined), []);

  return { save, reset, submitting: running > 0, outcome };
}

/** The page's offline event, for a save that waits: going offline ends the wait. */
function offlineEvent(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('offline', listener);
  return () => window.removeEventListener('offline', listener);
}
